//! Rust values read off what a call returns: the elements of a collection a method
//! declares it returns (`for s in caps.spans()`, `caps.spans().iter().map(|s| …)`), what
//! an `Option` becomes through `ok_or(…)?`, the error a `map_err` closure is given, a
//! `Some(x)` inside a tuple pattern, what an `Err(e)` pattern holds, alone or in a tuple; and values of outside types no project method
//! can be called on by name (what a project function returns of regex_syntax's `Hir`, a
//! `Formatter`'s builders, the elements of a `&[Hir]`), which stay external where a name
//! guess used to land.

use crate::support::check_calls;

const FIXTURE: &str = r#"//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
use core::fmt;
use regex_syntax::hir::{Hir, HirKind};

pub struct Span { e: usize }
impl Span {
    pub fn end(&self) -> usize { self.e }
}
pub struct Match { e: usize }
impl Match {
    pub fn end(&self) -> usize { self.e }
    pub fn kind(&self) -> u8 { 0 }
    pub fn finish(&mut self) -> usize { self.e }
}
pub struct Overflow(u64);
impl Overflow {
    pub fn attempted(&self) -> u64 { self.0 }
}
pub struct Id(u32);
impl Id {
    pub fn new(n: u64) -> Result<Id, Overflow> { Err(Overflow(n)) }
}
pub fn error_closure(n: u64) -> Result<Id, String> {
    Id::new(n).map_err(|e| format!("{}", e.attempted()))
}
pub fn tuple_patterns(caps: &Caps, id: Result<Id, Overflow>) -> usize {
    let mut n = 0;
    if let (Some(m), Ok(_)) = (caps.first(), Ok::<u8, u8>(1)) { n += m.end(); }
    match (n, caps.first(), id) {
        (0, Some(m), Err(e)) => n += m.end() + e.attempted() as usize,
        (_, _, Ok(i)) => n += i.0 as usize,
        _ => {}
    }
    n
}
pub fn error_patterns(n: u64) -> u64 {
    if let Err(e) = Id::new(n) { return e.attempted(); }
    match Id::new(n + 1) {
        Err(e) => e.attempted(),
        Ok(_) => 0,
    }
}
pub struct Caps;
impl Caps {
    pub fn spans(&self) -> Vec<Span> { Vec::new() }
    pub fn first(&self) -> Option<Match> { None }
    pub fn own(&self) -> Match { Match { e: 0 } }
}
pub fn for_loop(caps: &Caps) -> usize {
    let mut t = 0;
    for s in caps.spans() { t += s.end(); }
    t
}
pub fn closure(caps: &Caps) -> bool {
    caps.spans().iter().any(|s| s.end() > 3)
}
pub fn ok_or(caps: &Caps) -> Result<usize, &'static str> {
    Ok(caps.first().ok_or("none")?.end())
}
fn uncapture(hir: &Hir) -> &Hir { hir }
pub fn elements(exprs: &[Hir]) -> usize {
    let mut n = exprs.iter().filter(|e| matches!(e.kind(), HirKind::Empty)).count();
    for e in exprs { if matches!(e.kind(), HirKind::Empty) { n += 1; } }
    n
}
// Elements of ours still are: `Match::kind`.
pub fn own_elements(found: &[Match]) -> usize { found.iter().filter(|m| m.kind() > 0).count() }
pub fn outside_returned(hir: &Hir) -> bool {
    let stripped = uncapture(hir);
    matches!(stripped.kind(), HirKind::Empty) || matches!(uncapture(hir).kind(), HirKind::Empty)
}
// A project function returning one of ours is still followed.
pub fn own_returned(caps: &Caps) -> u8 { caps.own().kind() }
pub struct Shown(Vec<u8>);
impl fmt::Debug for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        list.entries(self.0.iter());
        list.finish()?;
        f.debug_struct("Shown").field("n", &self.0.len()).finish()
    }
}
// A project trait's method on an outside type gives one of ours: its result's calls
// are not silenced.
pub fn traited(text: &str) -> usize { text.into_match().finish() }
pub trait IntoMatch { fn into_match(&self) -> Match; }
impl IntoMatch for str { fn into_match(&self) -> Match { Match { e: 1 } } }
"#;

#[test]
fn values_read_off_returns_are_typed_and_outside_ones_guess_nothing() {
    check_calls(
        FIXTURE,
        r#"
app::closure -calls(0.9)-> app::Caps::spans
app::closure -calls(0.9)-> app::Span::end
app::error_closure -calls(0.9)-> app::Overflow::attempted
app::error_closure -calls(1.0)-> app::Id::new
app::error_patterns -calls(0.9)-> app::Overflow::attempted
app::error_patterns -calls(1.0)-> app::Id::new
app::for_loop -calls(0.9)-> app::Caps::spans
app::for_loop -calls(0.9)-> app::Span::end
app::ok_or -calls(0.9)-> app::Caps::first
app::ok_or -calls(0.9)-> app::Match::end
app::outside_returned -calls(1.0)-> app::uncapture
app::own_elements -calls(0.9)-> app::Match::kind
app::own_returned -calls(0.9)-> app::Caps::own
app::own_returned -calls(0.9)-> app::Match::kind
app::traited -calls(0.6)-> app::Match::finish
app::traited -calls(0.9)-> app::IntoMatch::into_match
app::traited -calls(0.9)-> app::str::into_match
app::tuple_patterns -calls(0.9)-> app::Caps::first
app::tuple_patterns -calls(0.9)-> app::Match::end
app::tuple_patterns -calls(0.9)-> app::Overflow::attempted
"#,
    );
}
