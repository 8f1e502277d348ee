//! Rust values of types from outside the project that the project gives methods
//! (`impl U8 for u8`): typed by an annotation, returned by a project function down a chain
//! (`self.classes.get(b).as_usize()`), or bound to such a call. The call reaches the impl
//! and the trait's method it names; a primitive's own method, and a std type's, come first.

use crate::support::check_calls;

const FIXTURE: &str = r#"//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub trait U8 {
    fn as_usize(self) -> usize;
    fn count_ones(self) -> u32;
}
impl U8 for u8 {
    fn as_usize(self) -> usize { self as usize }
    fn count_ones(self) -> u32 { 0 }
}
pub trait Kill {
    fn kill(&mut self) -> bool;
}
impl Kill for std::process::Child {
    fn kill(&mut self) -> bool { true }
}
pub struct Classes([u8; 4]);
impl Classes {
    pub fn get(&self, i: usize) -> u8 { self.0[i] }
}
pub struct Dfa { classes: Classes, child: std::process::Child }
impl Dfa {
    fn child(&mut self) -> &mut std::process::Child { &mut self.child }
    pub fn typed(&self, b: u8) -> usize { b.as_usize() }
    pub fn chained(&self) -> usize { self.classes.get(0).as_usize() }
    pub fn bound(&self) -> usize {
        let c = self.classes.get(1);
        c.as_usize()
    }
    // std's own `count_ones` of `u8`, and `Child::kill`, are what these run: no impl of
    // ours, nor a guess by name.
    pub fn inherent(&self) -> u32 { self.classes.get(0).count_ones() }
    pub fn std_type(&mut self) { let _ = self.child().kill(); }
}
"#;

#[test]
fn a_value_of_an_outside_type_calls_what_the_project_gives_that_type() {
    check_calls(
        FIXTURE,
        r#"
app::Dfa::bound -calls(0.9)-> app::Classes::get
app::Dfa::bound -calls(0.9)-> app::U8::as_usize
app::Dfa::bound -calls(0.9)-> app::u8::as_usize
app::Dfa::chained -calls(0.9)-> app::Classes::get
app::Dfa::chained -calls(0.9)-> app::U8::as_usize
app::Dfa::chained -calls(0.9)-> app::u8::as_usize
app::Dfa::inherent -calls(0.9)-> app::Classes::get
app::Dfa::std_type -calls(1.0)-> app::Dfa::child
app::Dfa::typed -calls(0.9)-> app::U8::as_usize
app::Dfa::typed -calls(0.9)-> app::u8::as_usize
"#,
    );
}
