//! Expansion on small Rust sources: what the file's facts gain, and where.

use crate::lang::LangId;
use crate::parse::facts::{CallKind, SymbolKind};
use crate::parse::{FileFacts, parse_bytes};

fn facts(source: &str) -> FileFacts {
    parse_bytes("x.rs", LangId::Rust, source.as_bytes(), [0; 32])
}

/// `Owner::name@line` (or `name@line`) of every function and method, and `name@line` of
/// every struct, sorted.
fn defined(facts: &FileFacts) -> Vec<String> {
    let mut out: Vec<String> = facts
        .symbols
        .iter()
        .filter(|s| {
            matches!(
                s.kind,
                SymbolKind::Function | SymbolKind::Method | SymbolKind::Struct
            )
        })
        .map(|s| {
            let owner = s
                .parent
                .map(|p| &facts.symbols[p as usize])
                .filter(|p| p.kind == SymbolKind::Impl)
                .map(|p| format!("{}::", p.name))
                .unwrap_or_default();
            format!("{owner}{}@{}", s.name, s.line)
        })
        .collect();
    out.sort();
    out
}

/// `caller -> name@line` of every call (names passed as arguments left out).
fn calls(facts: &FileFacts) -> Vec<String> {
    let mut out: Vec<String> = facts
        .calls
        .iter()
        .filter(|c| c.kind == CallKind::Call)
        .map(|c| {
            let caller = c
                .caller
                .map_or("<module>", |i| facts.symbols[i as usize].name.as_str());
            format!("{caller} -> {}@{}", c.name, c.line)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_same_file_macro_writes_items_at_each_call() {
    let f = facts(
        r#"macro_rules! index_type {
    ($name:ident, $err:ident) => {
        pub struct $name(u32);
        impl $name {
            pub fn new(v: usize) -> Result<$name, $err> {
                check(v)
            }
        }
        pub struct $err;
    };
}

index_type!(PatternID, PatternIDError);
index_type!(StateID, StateIDError);
fn check(v: usize) {}
"#,
    );
    assert_eq!(
        defined(&f),
        [
            "PatternID::new@13",
            "PatternID@13",
            "PatternIDError@13",
            "StateID::new@14",
            "StateID@14",
            "StateIDError@14",
            "check@15",
        ]
    );
    // The call inside the macro's body is listed once per expansion, by its function,
    // and no longer as a call of the module's.
    assert_eq!(calls(&f), ["new -> check@13", "new -> check@14"]);
    // The measures of what the macro writes are the macro's, not each call's.
    let measured: Vec<&str> = f
        .symbols
        .iter()
        .filter(|s| s.metrics.is_some())
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(measured, ["check"]);
}

#[test]
fn repetitions_separators_and_fragments_of_several_tokens() {
    let f = facts(
        r#"macro_rules! impls {
    ($($t:ty => $f:ident),* $(,)?) => {
        $(
            impl Wrap<$t> {
                pub fn $f(&self) {}
            }
        )*
    };
}
impls! {
    Vec<u8> => bytes,
    HashMap<String, u32> => counts,
}
"#,
    );
    assert_eq!(
        defined(&f),
        ["Wrap::bytes@10", "Wrap::counts@10"],
        "{:?}",
        f.symbols
    );
}

#[test]
fn items_passed_through_keep_their_own_lines_and_callers() {
    // `cfg_rt!` is defined in another file: its tokens are read as the items they are.
    let f = facts(
        r#"cfg_rt! {
    pub fn spawn() -> u32 {
        helper()
    }

    pub struct Handle;
}

impl Handle {
    cfg_rt! {
        pub fn block_on(&self) {
            spawn();
        }
    }
}
fn helper() -> u32 { 1 }
"#,
    );
    assert_eq!(
        defined(&f),
        ["Handle::block_on@11", "Handle@6", "helper@16", "spawn@2"]
    );
    // Items passed through are the file's own code, measured as such.
    let spawn = f.symbols.iter().find(|s| s.name == "spawn");
    assert_eq!(spawn.and_then(|s| s.metrics).map(|m| m.lines), Some(3));
    assert_eq!(
        calls(&f),
        ["block_on -> spawn@12", "spawn -> helper@3"],
        "the calls inside the macro's tokens are each listed once, by their function"
    );
    // The `impl Handle` written around `block_on` is the file's own, not a second one.
    let impls = f
        .symbols
        .iter()
        .filter(|s| s.kind == SymbolKind::Impl)
        .count();
    assert_eq!(impls, 1);
}

#[test]
fn items_passed_through_calls_inside_calls() {
    let f = facts(
        r#"cfg_rt! {
    pub struct Runtime;
    impl Runtime {
        cfg_net! {
            pub fn bind(&self) { listen(); }
        }
    }
    cfg_net! {
        fn listen() {}
    }
    cfg_io! {
        lazy_static! { static ref X: u8 = 1; }
        fn io() { select! { a = x => fn_like(a), } }
    }
}
"#,
    );
    assert_eq!(
        defined(&f),
        ["Runtime::bind@5", "Runtime@2", "io@13", "listen@9"]
    );
    assert_eq!(calls(&f), ["bind -> listen@5", "io -> fn_like@13"]);
}

#[test]
fn calls_an_expansion_makes_are_expanded_in_turn() {
    let f = facts(
        r#"macro_rules! getters {
    ($($field:ident),*) => { $( pub fn $field(&self) -> u32 { self.$field } )* };
}
macro_rules! with_getters {
    ($name:ident { $($field:ident),* }) => {
        pub struct $name { $($field: u32),* }
        impl $name { getters!($($field),*); }
    };
}
with_getters!(Point { x, y });
"#,
    );
    assert_eq!(defined(&f), ["Point::x@10", "Point::y@10", "Point@10"]);
}

#[test]
fn what_is_not_items_or_does_not_match_adds_nothing() {
    let f = facts(
        r#"macro_rules! pair {
    ($a:ident, $b:ident) => { fn $a() {} fn $b() {} };
}
pair!(only_one);
lazy_static! {
    static ref TABLE: Vec<u8> = build();
}
thread_local!(static DEPTH: u32 = 0);
fn build() -> Vec<u8> { Vec::new() }
"#,
    );
    assert_eq!(defined(&f), ["build@9"]);
    // A call in tokens that are not items stays the module's, as before.
    assert_eq!(calls(&f), ["<module> -> build@6", "build -> new@9"]);
}

#[test]
fn a_macro_calling_itself_stops_at_the_depth_bound() {
    let f = facts(
        r#"macro_rules! again {
    ($n:ident) => { fn $n() {} again!($n); };
}
again!(f);
"#,
    );
    // Depth 1 writes `f`; each deeper expansion writes the same `f` again at the same
    // place, which is one definition.
    assert_eq!(defined(&f), ["f@4"]);
}

#[test]
fn expansions_stop_at_the_budget() {
    let mut source = String::from("macro_rules! one {\n    ($n:ident) => { pub fn $n() {} };\n}\n");
    for i in 0..400 {
        source.push_str(&format!("one!(f{i});\n"));
    }
    let f = facts(&source);
    assert_eq!(defined(&f).len(), super::MAX_EXPANSIONS);
}

#[test]
fn a_lifetime_is_one_token() {
    let f = facts(
        r#"macro_rules! impl_copy_clone {
    ($ty:ident $(<$lifetime:tt>)*) => {
        impl<$($lifetime,)* E> Clone for $ty<$($lifetime,)* E> {
            fn clone(&self) -> Self { *self }
        }
    };
}
impl_copy_clone!(StrDeserializer<'de>);
impl_copy_clone!(UnitDeserializer);
"#,
    );
    assert_eq!(
        defined(&f),
        ["StrDeserializer::clone@8", "UnitDeserializer::clone@9"]
    );
}

#[test]
fn tokens_a_repetition_writes_keep_the_calls_spacing_and_lines() {
    let f = facts(
        r#"macro_rules! rt_test {
    ($($t:tt)*) => {
        mod current_thread {
            $($t)*
        }
    }
}

rt_test! {
    pub fn spawned() {
        helper();
    }
}
"#,
    );
    // Glued (`pubfn spawned`), the expansion did not parse and nothing was read.
    assert_eq!(defined(&f), vec!["spawned@10"]);
    assert_eq!(calls(&f), vec!["spawned -> helper@11"]);
}

#[test]
fn tokens_of_a_repetition_with_a_separator_stay_apart() {
    let f = facts(
        r#"macro_rules! fns {
    ($($name:ident),*) => {
        $(pub fn $name() {})*
    }
}

fns!(first, second);
"#,
    );
    assert_eq!(defined(&f), vec!["first@7", "second@7"]);
}
