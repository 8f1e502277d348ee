//! Rust receivers typed by what a value is declared or handed as: type aliases, the value
//! inside an `Option` or `Result` field, the elements a closure is given, what a
//! dereference points to, what a `Some(x)` pattern matches, what a cell or a lock holds;
//! paths with type arguments (`DateTime::<Utc>::f`); and of `cfg` alternatives, the one a
//! default build has; a type's own methods before std's; trait functions without `self`;
//! `pub(super)` methods seen from the module above; a field behind a pointer the project
//! implements a trait for.

use crate::support::check_calls;

/// Two types with a method of the same name, so that an untyped receiver is a 0.3 guess
/// between them and a typed one is a 0.9 call of one.
const TWO_TYPES: &str = r#"
pub struct Dfa { n: u32 }
impl Dfa {
    pub fn new() -> Dfa { Dfa { n: 0 } }
    pub fn go(&self) -> u32 { self.n }
    pub fn take(&self) -> u32 { self.n }
    pub fn maybe() -> Option<Dfa> { None }
}
pub struct Nfa;
impl Nfa { pub fn go(&self) -> u32 { 1 } }
"#;

fn crate_with(lib: &str) -> String {
    format!(
        "//- Cargo.toml\n[package]\nname = \"app\"\nversion = \"0.1.0\"\n//- src/lib.rs\n{TWO_TYPES}{lib}"
    )
}

#[test]
fn a_type_alias_stands_for_the_type_it_names() {
    check_calls(
        &crate_with(
            r#"
pub type OwnedDfa = Dfa;
pub type Again = OwnedDfa;
pub type Names = Vec<String>;
pub mod inner { pub type Remote = crate::Dfa; }

pub fn through_alias(d: &OwnedDfa) -> u32 { d.go() }
pub fn through_two(d: &Again) -> u32 { d.go() }
pub fn through_a_path(d: &inner::Remote) -> u32 { d.go() }
// An alias of a std type has std's methods only: no guess onto the project's `go`.
pub fn alias_of_std(n: &Names) -> u32 { n.go() }
"#,
        ),
        r#"
app::through_a_path -calls(0.9)-> app::Dfa::go
app::through_alias -calls(0.9)-> app::Dfa::go
app::through_two -calls(0.9)-> app::Dfa::go
"#,
    );
}

#[test]
fn an_option_field_gives_its_value_through_unwrap_and_its_kin_only() {
    check_calls(
        &crate_with(
            r#"
pub struct Config { dfa: Option<Dfa>, built: Result<Dfa, Nfa> }

pub fn unwrapped(c: &Config) -> u32 { c.dfa.as_ref().unwrap().go() }
pub fn or_default(c: &Config) -> u32 { let d = c.dfa.clone().unwrap_or(Dfa::new()); d.go() }
pub fn expected(c: &Config) -> u32 { c.built.as_ref().expect("built").go() }
pub fn local(o: Option<Dfa>) -> u32 { o.unwrap().go() }
pub fn options_own_method(c: &mut Config) { c.dfa.take(); }
"#,
        ),
        r#"
app::expected -calls(0.9)-> app::Dfa::go
app::local -calls(0.9)-> app::Dfa::go
app::or_default -calls(0.9)-> app::Dfa::go
app::or_default -calls(1.0)-> app::Dfa::new
app::unwrapped -calls(0.9)-> app::Dfa::go
"#,
    );
}

#[test]
fn a_closure_is_given_the_elements_of_what_its_method_is_called_on() {
    check_calls(
        &crate_with(
            r#"
pub struct Set { all: Vec<Dfa>, first: Option<Dfa> }

impl Set {
    pub fn sum(&self) -> u32 { self.all.iter().rev().map(|d| d.go()).sum() }
}
pub fn filtered(s: &Set) -> u32 { s.all.iter().filter(|d| d.go() > 1).count() as u32 }
pub fn sorted(mut v: Vec<Dfa>) { v.sort_by(|a, b| a.go().cmp(&b.go())); }
pub fn option(s: &Set) -> Option<u32> { s.first.as_ref().map(|d| d.go()) }
pub fn returned() -> u32 { Dfa::maybe().map_or(0, |d| d.go()) }
pub fn apply(f: impl Fn(&Dfa) -> u32) -> u32 { f(&Dfa::new()) }
pub fn own_function() -> u32 { apply(|d| d.go()) }
pub fn pairs(v: &[Dfa]) -> usize { v.iter().enumerate().map(|p| p.go()).count() }
"#,
        ),
        r#"
app::Set::sum -calls(0.9)-> app::Dfa::go
app::apply -calls(1.0)-> app::Dfa::new
app::filtered -calls(0.9)-> app::Dfa::go
app::option -calls(0.9)-> app::Dfa::go
app::own_function -calls(0.9)-> app::Dfa::go
app::own_function -calls(1.0)-> app::apply
app::pairs -calls(0.3)-> app::Dfa::go
app::pairs -calls(0.3)-> app::Nfa::go
app::returned -calls(0.9)-> app::Dfa::go
app::returned -calls(1.0)-> app::Dfa::maybe
app::sorted -calls(0.9)-> app::Dfa::go
"#,
    );
}

#[test]
fn a_dereferenced_receiver_is_what_it_points_to() {
    check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub trait Automaton { fn is_match(&self) -> bool; }
pub struct Dfa;
impl Dfa { pub fn is_match(&self) -> bool { true } }
impl Automaton for Dfa { fn is_match(&self) -> bool { false } }
// A forwarding impl: `(**self)` is the `A` the reference points to, so its trait's.
impl<'a, A: Automaton + ?Sized> Automaton for &'a A {
    fn is_match(&self) -> bool { (**self).is_match() }
}
pub struct Holder { dfa: Dfa }
impl Holder {
    pub fn borrowed(&self) -> bool { (&self.dfa).is_match() }
    pub fn deref(&self, d: &Dfa) -> bool { (*d).is_match() }
}
pub fn unknown(x: &u8) -> bool { (*x).is_match() }
"#,
        r#"
app::A::is_match -calls(0.6)-> app::Automaton::is_match
app::A::is_match -calls(0.6)-> app::Dfa::is_match
app::Holder::borrowed -calls(0.9)-> app::Dfa::is_match
app::Holder::deref -calls(0.9)-> app::Dfa::is_match
"#,
    );
}

#[test]
fn a_paths_type_arguments_do_not_hide_its_function() {
    check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub struct Utc;
pub struct DateTime<T> { t: T }
impl<T> DateTime<T> { pub fn from_utc(t: T) -> Self { DateTime { t } } }
pub fn turbofish() { DateTime::<Utc>::from_utc(Utc); }
pub fn qualified() { <DateTime<Utc>>::from_utc(Utc); }
pub fn std_type() -> Vec<u8> { Vec::<u8>::new() }
"#,
        r#"
app::qualified -calls(1.0)-> app::DateTime::from_utc
app::turbofish -calls(1.0)-> app::DateTime::from_utc
"#,
    );
}

#[test]
fn a_callbacks_parameter_does_not_hide_a_library_type_of_the_same_name() {
    check_calls(
        &crate_with(
            r#"
use regex_syntax::hir::Hir;

pub fn disjoint(hir: &Hir, all: &[Hir]) -> bool {
    let _ = hir.go();
    all.iter().all(|hir| disjoint(hir, all))
}
// `h` is an element of a `&[Hir]`, of no type of ours: no guess.
pub fn guessed(all: &[Hir]) { all.iter().for_each(|h| { h.go(); }) }
"#,
        ),
        r#"
app::disjoint -calls(1.0)-> app::disjoint
"#,
    );
}

#[test]
fn some_and_ok_patterns_hold_what_they_match() {
    check_calls(
        &crate_with(
            r#"
pub struct Set { one: Dfa, first: Option<Dfa>, all: Vec<Dfa> }

pub fn if_let(s: &Set) -> u32 { if let Some(d) = &s.first { d.go() } else { 0 } }
pub fn while_let(mut all: Vec<Dfa>) { while let Some(d) = all.pop() { d.go(); } }
pub fn matched(s: &Set) -> u32 { match s.one.maybe_again() { Some(d) => d.go(), None => 0 } }
pub fn let_else(s: &Set) -> u32 { let Some(d) = s.all.first() else { return 0 }; d.go() }
pub fn a_field(s: &Set) -> u32 { let d = &s.one; d.go() }
// `Some(n)` of a number holds no project type: a guess, as before.
pub fn a_number(n: Option<u32>) -> u32 { if let Some(k) = n { k.go() } else { 0 } }
impl Dfa { pub fn maybe_again(&self) -> Option<Dfa> { None } }
"#,
        ),
        r#"
app::a_field -calls(0.9)-> app::Dfa::go
app::a_number -calls(0.3)-> app::Dfa::go
app::a_number -calls(0.3)-> app::Nfa::go
app::if_let -calls(0.9)-> app::Dfa::go
app::let_else -calls(0.9)-> app::Dfa::go
app::matched -calls(0.9)-> app::Dfa::go
app::matched -calls(0.9)-> app::Dfa::maybe_again
app::while_let -calls(0.9)-> app::Dfa::go
"#,
    );
}

#[test]
fn a_cell_or_a_lock_gives_its_value_through_borrow_and_lock() {
    check_calls(
        &crate_with(
            r#"
use std::cell::RefCell;
use std::sync::Mutex;

pub struct Shared { cell: RefCell<Dfa>, lock: Mutex<Dfa> }
impl Shared {
    pub fn borrowed(&self) -> u32 { self.cell.borrow_mut().go() }
    pub fn locked(&self) -> u32 { self.lock.lock().unwrap().go() }
    // The lock's own result, not yet unwrapped: no method of `Dfa`.
    pub fn unguarded(&self) -> bool { self.lock.lock().is_ok() }
    pub fn cells_own(&self) -> Dfa { self.cell.take() }
}
"#,
        ),
        r#"
app::Shared::borrowed -calls(0.9)-> app::Dfa::go
app::Shared::locked -calls(0.9)-> app::Dfa::go
"#,
    );
}

#[test]
fn a_local_is_read_where_it_is_in_effect_and_a_later_let_shadows_it() {
    check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub struct Dfa;
impl Dfa {
    pub fn run(&self) -> u32 { 1 }
    pub fn get(&self) -> Option<&Dfa> { None }
    pub fn open(y: i32) -> Option<Dfa> { None }
}
pub struct Nfa;
impl Nfa {
    pub fn run(&self) -> u32 { 2 }
    pub fn get(&self) -> Option<&Nfa> { None }
}
pub struct Pike;
impl Pike {
    pub fn run(&self) -> u32 { 3 }
    pub fn get(&self) -> &Pike { self }
}
pub struct Engines { dfa: Dfa, nfa: Nfa, pike: Pike }

// Three `e`s in one function, each in its own branch.
pub fn branches(s: &Engines) -> u32 {
    if let Some(e) = s.dfa.get() {
        e.run()
    } else if let Some(e) = s.nfa.get() {
        e.run()
    } else {
        let e = s.pike.get();
        e.run()
    }
}

// The later `let` of `x` is the one in effect at the call.
pub fn shadowed(s: &Engines) -> u32 {
    let x = &s.dfa;
    let x = &s.nfa;
    x.run()
}

// A closure's parameter is its own `d`, not the function's.
pub fn closure(s: &Engines, all: Vec<Nfa>) -> u32 {
    let d = &s.dfa;
    all.iter().map(|d| d.run()).sum::<u32>()
}

// `if let Some(d) = d` reads the `d` bound before it.
pub fn same_name() -> u32 {
    let d = Dfa::open(1);
    if let Some(d) = d {
        return d.run();
    }
    0
}
"#,
        r#"
app::branches -calls(0.9)-> app::Dfa::get
app::branches -calls(0.9)-> app::Dfa::run
app::branches -calls(0.9)-> app::Nfa::get
app::branches -calls(0.9)-> app::Nfa::run
app::branches -calls(0.9)-> app::Pike::get
app::branches -calls(0.9)-> app::Pike::run
app::closure -calls(0.9)-> app::Nfa::run
app::same_name -calls(0.9)-> app::Dfa::run
app::same_name -calls(1.0)-> app::Dfa::open
app::shadowed -calls(0.9)-> app::Nfa::run
"#,
    );
}

#[test]
fn of_cfg_alternatives_a_call_goes_to_the_one_a_default_build_has() {
    let dir = crate::support::Dir::with_fixture(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
[features]
default = ["std"]
std = ["perf"]
perf = []
unicode = []
//- src/lib.rs
mod memchr {
    #[cfg(feature = "perf")]
    pub(crate) fn find(h: &[u8]) -> Option<usize> { h.iter().position(|&b| b == 0) }
    #[cfg(not(feature = "perf"))]
    pub(crate) fn find(h: &[u8]) -> Option<usize> { None }
}
#[cfg(not(feature = "unicode"))]
mod word {
    pub(super) fn is_word(b: u8) -> bool { false }
}
#[cfg(feature = "unicode")]
mod word {
    pub(super) fn is_word(b: u8) -> bool { b.is_ascii_alphanumeric() }
}
#[cfg(windows)]
fn only_on_windows() {}
pub fn search(h: &[u8]) -> Option<usize> { memchr::find(h) }
pub fn word_at(h: &[u8]) -> bool { word::is_word(h[0]) }
pub fn windows() { only_on_windows() }
"#,
    );
    let (snap, _) = dir.build();
    // `perf` is on through `default` → `std`: the first `find`. `unicode` is off: the
    // first `word`. (The last of same-named definitions was taken before.) The only
    // `only_on_windows` is called whatever its `cfg`.
    assert_eq!(
        crate::support::calls_by_line(&snap),
        [
            "search@17 -(1.0)-> find@3",
            "windows@19 -(1.0)-> only_on_windows@16",
            "word_at@18 -(1.0)-> is_word@9",
        ]
    );
}

/// rustc looks a method up among the type's own before std's blanket impls: a type whose
/// own `as_ref` gives another type is not `Self` behind it.
#[test]
fn a_method_the_type_defines_gives_what_it_declares_not_the_receiver() {
    check_calls(
        &crate_with(
            r#"
pub struct Zone;
impl Zone {
    fn as_ref(&self) -> Nfa { Nfa }
    pub fn go(&self) -> u32 { self.as_ref().go() }
    pub fn clone_go(&self, d: &Dfa) -> u32 { d.clone().go() }
}
pub struct Guard(Dfa);
impl std::ops::Deref for Guard {
    type Target = Dfa;
    fn deref(&self) -> &Dfa { &self.0 }
}
impl Guard {
    pub fn go(&self) -> u32 { self.deref().go() }
}
"#,
        ),
        r#"
app::Guard::go -calls(0.9)-> app::Dfa::go
app::Guard::go -calls(1.0)-> app::Guard::deref
app::Zone::clone_go -calls(0.9)-> app::Dfa::go
app::Zone::go -calls(0.9)-> app::Nfa::go
app::Zone::go -calls(1.0)-> app::Zone::as_ref
"#,
    );
}

/// `From::from(w)` makes the type the call must produce out of `w`, and
/// `Deserialize::deserialize(d)` reads whatever is expected there: neither is the
/// implementation for the argument's type, nor the project's one implementation.
#[test]
fn a_trait_function_without_self_called_by_its_path_is_not_the_arguments_impl() {
    check_calls(
        &crate_with(
            r#"
use serde::Deserialize;
impl<'de> Deserialize<'de> for Dfa {
    fn deserialize<D>(d: D) -> Result<Dfa, ()> { Ok(Dfa::new()) }
}
impl From<Nfa> for Dfa {
    fn from(n: Nfa) -> Dfa { Dfa::new() }
}
pub fn unit(d: Dfa) -> Result<(), ()> { Deserialize::deserialize(d) }
pub fn convert(d: Dfa) -> Nfa { From::from(d) }
pub fn show(d: &Dfa, f: &mut std::fmt::Formatter) -> u32 { d.go() }
"#,
        ),
        r#"
app::Dfa::deserialize -calls(1.0)-> app::Dfa::new
app::Dfa::from -calls(1.0)-> app::Dfa::new
app::show -calls(0.9)-> app::Dfa::go
"#,
    );
}

/// A `pub(super)` inherent method is seen in the module above its own and inside it; from
/// elsewhere a call of that name reaches the trait's method.
#[test]
fn a_pub_super_inherent_method_is_passed_over_beyond_the_module_above() {
    check_calls(
        r#"
//- Cargo.toml
[package]
name = "cal"
version = "0.1.0"
//- src/lib.rs
pub mod naive;
pub trait Datelike { fn weekday(&self) -> u32; }
pub fn outside(d: naive::date::Date) -> u32 { d.weekday() }
//- src/naive/mod.rs
pub mod date;
pub fn within(d: date::Date) -> u32 { d.weekday() }
//- src/naive/date.rs
use crate::Datelike;
pub struct Date;
impl Date {
    pub(super) fn weekday(&self) -> u32 { 1 }
}
impl Datelike for Date {
    fn weekday(&self) -> u32 { self.weekday() }
}
"#,
        r#"
cal::naive::date::Date::weekday -calls(1.0)-> cal::naive::date::Date::weekday
cal::naive::within -calls(0.9)-> cal::naive::date::Date::weekday
cal::outside -calls(0.9)-> cal::Datelike::weekday
cal::outside -calls(0.9)-> cal::naive::date::Date::weekday
"#,
    );
}

/// A field declared as a pointer the project implements a trait for (`aut: Arc<dyn
/// Automaton>` beside `impl Automaton for Arc<dyn Automaton>`): rustc finds the method on
/// the pointer's own type first, so the call runs that impl (and names the trait's method).
/// A pointer to a type that does not implement the trait (`Arc<Patterns>`) goes on to that
/// type's own method; a std type without arguments keeps std's own methods first.
#[test]
fn a_field_behind_a_pointer_the_project_implements_a_trait_for_calls_that_impl() {
    check_calls(
        r#"
//- Cargo.toml
[package]
name = "ac"
version = "0.1.0"
//- src/lib.rs
use std::sync::Arc;
pub trait Automaton { fn match_kind(&self) -> u32; }
pub struct Patterns;
impl Patterns { pub fn match_kind(&self) -> u32 { 2 } }
impl Automaton for Arc<dyn Automaton> {
    fn match_kind(&self) -> u32 { 1 }
}
pub trait Kill { fn kill(&mut self) -> u32; }
impl Kill for std::process::Child {
    fn kill(&mut self) -> u32 { 3 }
}
pub struct Searcher {
    aut: Arc<dyn Automaton>,
    patterns: Arc<Patterns>,
    child: std::process::Child,
}
impl Searcher {
    pub fn through_impl(&self) -> u32 { self.aut.match_kind() }
    pub fn through_deref(&self) -> u32 { self.patterns.match_kind() }
    // std's `Child` has a `kill` of its own, which rustc takes before the trait's.
    pub fn inherent_first(&mut self) -> u32 { self.child.kill() }
}
"#,
        r#"
ac::Searcher::through_deref -calls(0.9)-> ac::Patterns::match_kind
ac::Searcher::through_impl -calls(0.9)-> ac::Arc::match_kind
ac::Searcher::through_impl -calls(0.9)-> ac::Automaton::match_kind
"#,
    );
}
