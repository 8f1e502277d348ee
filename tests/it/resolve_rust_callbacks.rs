//! Rust closures typed by the callback parameter of the project function they are passed
//! to: its type (`impl Fn(&Date)`, `&dyn Fn(u8, Date)`) or the bound of the type parameter
//! it is declared as (`F: FnOnce(Date)`, `where F: …`). The shapes of callback types are
//! the unit tests' of `types::rust_callback_parameter`.

use crate::support::check_calls;

/// `Date` and `Other` share a method name, so an untyped closure parameter is a guess
/// between them and a typed one calls one.
const FIXTURE: &str = r#"//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub struct Date(i32);
impl Date { pub fn year(&self) -> i32 { self.0 } }
pub struct Other;
impl Other { pub fn year(&self) -> i32 { 0 } }

fn where_bound<F>(d: Date, f: F) -> i32 where F: Fn(&Date) -> i32 { f(&d) }
fn inline_bound<F: FnOnce(Date) -> i32>(d: Date, f: F) -> i32 { f(d) }
fn second(d: Date, f: &dyn Fn(u8, Date) -> i32) -> i32 { f(1, d) }
fn unbounded<F: Clone>(f: F) -> F { f }

pub fn a() -> i32 { where_bound(Date(1), |d| d.year()) }
pub fn b() -> i32 { inline_bound(Date(1), |d| d.year()) }
pub fn c() -> i32 { second(Date(1), &|_, d| d.year()) }
pub fn d() -> i32 { second(Date(1), &|n, d| d.year() + i32::from(n)) }
pub fn e(g: fn(&Date) -> i32) -> i32 { g(&Date(2)) + where_bound(Date(1), g) }
// A bound that says nothing of the parameter leaves it a guess.
pub fn f() -> i32 { unbounded(|d| d.year()); 0 }
"#;

#[test]
fn a_closure_is_given_the_type_its_callees_callback_parameter_declares() {
    check_calls(
        FIXTURE,
        r#"
app::a -calls(0.9)-> app::Date::year
app::a -calls(1.0)-> app::where_bound
app::b -calls(0.9)-> app::Date::year
app::b -calls(1.0)-> app::inline_bound
app::c -calls(0.9)-> app::Date::year
app::c -calls(1.0)-> app::second
app::d -calls(0.9)-> app::Date::year
app::d -calls(1.0)-> app::second
app::e -calls(1.0)-> app::where_bound
app::f -calls(0.3)-> app::Date::year
app::f -calls(0.3)-> app::Other::year
app::f -calls(1.0)-> app::unbounded
"#,
    );
}
