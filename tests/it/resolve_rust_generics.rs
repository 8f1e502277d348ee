//! Rust receivers typed by generics: an associated type of a type parameter (`Tz::Offset`
//! with `Tz: TimeZone` and `trait TimeZone { type Offset: Offset; }`) stands for its bound,
//! as the parameter stands for its own: the trait's method and every impl, at the trait tier.

use crate::support::check_calls;

const FIXTURE: &str = r#"//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub trait Offset { fn fix(&self) -> i32; }
pub trait TimeZone {
    type Offset: Offset;
    type Plain;
}
pub struct Utc;
impl Offset for Utc { fn fix(&self) -> i32 { 0 } }
pub struct Fixed(i32);
impl Fixed { pub fn fix(&self) -> i32 { self.0 } }

pub struct DateTime<Tz: TimeZone> { offset: Tz::Offset, plain: Tz::Plain }
impl<Tz: TimeZone> DateTime<Tz> {
    pub fn time(&self) -> i32 { self.offset.fix() }
}
pub fn through_a_parameter<Tz: TimeZone>(o: &Tz::Offset) -> i32 { o.fix() }
// An associated type without a bound names no type of ours: its `fix` is not ours to name.
pub fn unbounded<Tz: TimeZone>(p: &Tz::Plain) -> i32 { p.fix() }
"#;

#[test]
fn an_associated_type_of_a_type_parameter_stands_for_its_bound() {
    check_calls(
        FIXTURE,
        r#"
app::DateTime::time -calls(0.6)-> app::Offset::fix
app::DateTime::time -calls(0.6)-> app::Utc::fix
app::through_a_parameter -calls(0.6)-> app::Offset::fix
app::through_a_parameter -calls(0.6)-> app::Utc::fix
"#,
    );
}
