//! Rust resolution: the module tree, use trees, re-exports, impls and trait impls, paths.

use crate::support::{check, check_calls};

#[test]
fn the_mod_tree_use_trees_and_pub_use_resolve() {
    check(
        r#"
//- Cargo.toml
[package]
name = "my-app"
version = "0.1.0"
//- src/lib.rs
pub mod net;
mod util {
    pub fn clamp() {}
}
pub use net::client::Client;
use self::util::clamp as limit;

pub fn start() {
    limit();
    util::clamp();
    net::client::connect();
    crate::net::client::connect();
}
//- src/net/mod.rs
pub mod client;
//- src/net/client.rs
use super::super::util;
use crate::{Client as Again, net::{self}};

pub struct Client;
pub fn connect() {
    util::clamp();
}
"#,
        r#"
my_app -imports(1.0)-> my_app::net::client::Client
my_app -imports(1.0)-> my_app::util::clamp
my_app::net::client -imports(1.0)-> my_app::net
my_app::net::client -imports(1.0)-> my_app::net::client::Client
my_app::net::client -imports(1.0)-> my_app::util
my_app::net::client::connect -calls(1.0)-> my_app::util::clamp
my_app::start -calls(1.0)-> my_app::net::client::connect
my_app::start -calls(1.0)-> my_app::util::clamp
"#,
    );
}

#[test]
fn impl_blocks_trait_impls_and_typed_receivers() {
    check(
        r#"
//- Cargo.toml
[package]
name = "shapes"
//- src/lib.rs
pub trait Shape { fn area(&self) -> f64; fn describe(&self) { self.area(); } }
pub struct Square { side: f64 }
impl Square {
    pub fn new(side: f64) -> Self { Self::check(side); Square { side } }
    fn check(_side: f64) {}
}
impl Shape for Square {
    fn area(&self) -> f64 { self.side }
}
pub struct Canvas { main: Square }
impl Canvas {
    fn draw(&self, shape: &dyn Shape) {
        shape.area();
        self.main.area();
        let s = Square::new(1.0);
        s.area();
        let t: Square = make();
        t.describe();
    }
}
fn make() -> Square { Square::new(2.0) }
"#,
        r#"
shapes::Canvas::draw -calls(0.9)-> shapes::Shape::area
shapes::Canvas::draw -calls(0.9)-> shapes::Shape::describe
shapes::Canvas::draw -calls(0.9)-> shapes::Square::area
shapes::Canvas::draw -calls(1.0)-> shapes::Square::new
shapes::Canvas::draw -calls(1.0)-> shapes::make
shapes::Shape::describe -calls(0.6)-> shapes::Shape::area
shapes::Shape::describe -calls(0.6)-> shapes::Square::area
shapes::Square -inherits(1.0)-> shapes::Shape
shapes::Square::new -calls(1.0)-> shapes::Square::check
shapes::make -calls(1.0)-> shapes::Square::new
"#,
    );
}

#[test]
fn same_named_methods_on_an_unknown_receiver_are_ambiguous_at_0_3() {
    // `clone` and `is_ascii` are std's names, `to_ne_bytes` a number's: an untyped
    // receiver is not guessed onto A's.
    check(
        r#"
//- Cargo.toml
[package]
name = "amb"
//- src/lib.rs
struct A;
struct B;
impl A { fn frobnicate(&self) {} fn is_ascii(&self) -> bool { true } }
impl B { fn frobnicate(&self) {} fn to_ne_bytes(&self) -> [u8; 4] { [0; 4] } }
fn run() { let x = undefined_here(); x.frobnicate(); x.clone(); x.is_ascii(); x.to_ne_bytes(); }
"#,
        r#"
amb::run -calls(0.3)-> amb::A::frobnicate
amb::run -calls(0.3)-> amb::B::frobnicate
"#,
    );
}

#[test]
fn receivers_typed_by_a_generic_parameter_go_through_its_trait_bound() {
    check(
        r#"
//- Cargo.toml
[package]
name = "gen"
//- src/lib.rs
pub trait Store { fn load(&self); }
pub struct Db;
impl Store for Db { fn load(&self) {} }
pub fn bounded<S: Store>(s: &S) { s.load(); }
pub fn with_where<S>(s: S) where S: Store { s.load(); }
pub fn opaque(s: impl Store) { s.load(); }
"#,
        r#"
gen::Db -inherits(1.0)-> gen::Store
gen::bounded -calls(0.6)-> gen::Db::load
gen::bounded -calls(0.6)-> gen::Store::load
gen::opaque -calls(0.6)-> gen::Db::load
gen::opaque -calls(0.6)-> gen::Store::load
gen::with_where -calls(0.6)-> gen::Db::load
gen::with_where -calls(0.6)-> gen::Store::load
"#,
    );
}

#[test]
fn tuple_struct_fields_are_typed_by_position() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "tup"
//- src/lib.rs
pub struct Inner;
impl Inner { pub fn grow(&self) {} }
pub struct Other;
impl Other { pub fn grow(&self) {} pub fn shrink(&self) {} }
pub struct Pair(pub Other, pub Inner);
impl Pair {
    pub fn run(&self) {
        self.1.grow();
        self.0.shrink();
    }
}
"#,
        r#"
tup::Pair::run -calls(0.9)-> tup::Inner::grow
tup::Pair::run -calls(0.9)-> tup::Other::shrink
"#,
    );
}

#[test]
fn self_fields_locals_returned_values_aliases_re_exports_traits_and_macros() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub mod store;
pub mod shapes;
pub use store::Store as Db;

use std::fmt;

pub struct Engine {
    db: Db,
}

impl Engine {
    pub fn new() -> Self {
        Self::with(Db::open())
    }

    fn with(db: Db) -> Self {
        Engine { db }
    }

    pub fn run(&self) {
        self.db.get();
        self.helper();
        let local = Db::open();
        local.get();
        Db::open().get();
        println!("{}", compute());
        assert_eq!(compute(), 1);
    }

    fn helper(&self) {}
}

fn compute() -> u32 {
    1
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("engine")
    }
}

pub fn total(shapes: &[&dyn shapes::Area]) -> u32 {
    shapes.iter().map(|s| s.area()).sum()
}

pub fn one(shape: &dyn shapes::Area) -> u32 {
    shape.area()
}
//- src/store.rs
pub struct Store;

impl Store {
    pub fn open() -> Store {
        Store
    }

    pub fn get(&self) {}

    pub fn write_str(&self) {}
}
//- src/shapes.rs
pub trait Area {
    fn area(&self) -> u32;
}

pub struct Square;
pub struct Circle;

impl Area for Square {
    fn area(&self) -> u32 { 1 }
}

impl Area for Circle {
    fn area(&self) -> u32 { 2 }
}
"#,
        r#"
app::Engine::new -calls(1.0)-> app::Engine::with
app::Engine::new -calls(1.0)-> app::store::Store::open
app::Engine::run -calls(0.9)-> app::store::Store::get
app::Engine::run -calls(1.0)-> app::Engine::helper
app::Engine::run -calls(1.0)-> app::compute
app::Engine::run -calls(1.0)-> app::store::Store::open
app::one -calls(0.6)-> app::shapes::Area::area
app::one -calls(0.6)-> app::shapes::Circle::area
app::one -calls(0.6)-> app::shapes::Square::area
app::total -calls(0.6)-> app::shapes::Area::area
app::total -calls(0.6)-> app::shapes::Circle::area
app::total -calls(0.6)-> app::shapes::Square::area
"#,
    );
}

#[test]
fn same_named_methods_from_two_trait_impls_on_one_type_are_both_candidates() {
    // Two definitions of one inherent method (under different `cfg`s) are one candidate.
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub struct A;
pub struct B;
pub struct Formatter;

impl From<&A> for Formatter {
    fn from(_: &A) -> Self { Formatter }
}

impl From<&B> for Formatter {
    fn from(_: &B) -> Self { Formatter }
}

impl Formatter {
    #[cfg(feature = "fast")]
    fn only(&self) {}
    #[cfg(not(feature = "fast"))]
    fn only(&self) {}
}

pub fn show(a: &A) {
    Formatter::from(a).only();
}
"#,
        r#"
app::show -calls(0.3)-> app::Formatter::from
app::show -calls(0.3)-> app::Formatter::from
app::show -calls(0.9)-> app::Formatter::only
"#,
    );
}

#[test]
fn methods_on_an_option_or_a_cell_field_are_std_not_the_wrapped_type() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
use std::cell::RefCell;

pub struct Value;
impl Value {
    pub fn take(&mut self) -> Value { Value }
    pub fn borrow(&self) {}
    pub fn render(&self) {}
}

pub struct Holder {
    value: Option<Value>,
    cell: RefCell<Value>,
    boxed: Box<Value>,
}

impl Holder {
    pub fn run(&mut self) {
        self.value.take();
        self.cell.borrow();
        self.boxed.render();
    }
}
"#,
        r#"
app::Holder::run -calls(0.9)-> app::Value::render
"#,
    );
}

#[test]
fn generic_parameters_bounded_after_sized_or_a_lifetime_go_through_the_trait() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub trait Formatter { fn end(&mut self); }
pub struct Compact;
impl Formatter for Compact { fn end(&mut self) {} }
pub fn unsized_where<F>(f: &mut F) where F: ?Sized + Formatter { f.end(); }
pub fn unsized_inline<F: ?Sized + Formatter>(f: &mut F) { f.end(); }
pub fn with_lifetime<'a, F: 'a + Formatter>(f: &mut F) { f.end(); }
"#,
        r#"
app::unsized_inline -calls(0.6)-> app::Compact::end
app::unsized_inline -calls(0.6)-> app::Formatter::end
app::unsized_where -calls(0.6)-> app::Compact::end
app::unsized_where -calls(0.6)-> app::Formatter::end
app::with_lifetime -calls(0.6)-> app::Compact::end
app::with_lifetime -calls(0.6)-> app::Formatter::end
"#,
    );
}

#[test]
fn associated_functions_called_through_a_generic_parameter_reach_the_trait() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub trait Float {
    fn from_int(i: u64) -> Self;
}

pub struct Half;
impl Float for Half {
    fn from_int(_: u64) -> Self { Half }
}

pub fn fast<F: Float>() -> F {
    F::from_int(1)
}

pub fn slow<F>() -> F where F: Float {
    F::from_int(2)
}
"#,
        r#"
app::fast -calls(0.6)-> app::Float::from_int
app::fast -calls(0.6)-> app::Half::from_int
app::slow -calls(0.6)-> app::Float::from_int
app::slow -calls(0.6)-> app::Half::from_int
"#,
    );
}

#[test]
fn self_paths_in_a_traits_default_method_reach_every_implementation() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub trait Shape {
    fn sides() -> u32;
    fn describe(&self) -> u32 { Self::sides() }
}

pub struct Square;
impl Shape for Square {
    fn sides() -> u32 { 4 }
}

impl Square {
    fn count() -> u32 { 1 }
    pub fn show(&self) -> u32 { Self::sides() + Self::count() }
}
"#,
        r#"
app::Shape::describe -calls(0.6)-> app::Shape::sides
app::Shape::describe -calls(0.6)-> app::Square::sides
app::Square::show -calls(1.0)-> app::Shape::sides
app::Square::show -calls(1.0)-> app::Square::count
app::Square::show -calls(1.0)-> app::Square::sides
"#,
    );
}

#[test]
fn calls_through_the_path_of_a_library_trait_reach_the_projects_implementation() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
use std::fmt;
use serde::{de, ser};

pub struct Code;
pub struct Error { code: Code }
pub struct Other;

impl de::Error for Error {
    fn custom(_msg: &str) -> Self { Error { code: Code } }
    fn invalid_type() -> Self { Error { code: Code } }
}

impl serde::ser::Error for Error {
    fn custom(_msg: &str) -> Self { Error { code: Code } }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { Ok(()) }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Display::fmt(&self.code, f)
    }
}

pub struct Guard(Code);
impl std::ops::Deref for Guard {
    type Target = Code;
    fn deref(&self) -> &Code { &self.0 }
}
impl fmt::Display for Guard {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        fmt::Display::fmt(&**self, f)
    }
}

impl Default for Code {
    fn default() -> Self { Code }
}

pub fn fail() -> Error {
    de::Error::invalid_type();
    serde::de::Error::custom("bad")
}

pub fn write() -> Error {
    ser::Error::custom("bad")
}

pub fn fresh(f: &mut fmt::Formatter) -> u32 {
    let _c: Code = Default::default();
    let o = Other;
    let _ = fmt::Display::fmt(&o, f);
    std::default::Default::default()
}
"#,
        r#"
app::Error::fmt -calls(0.9)-> app::Code::fmt
app::fail -calls(0.6)-> app::Error::custom
app::fail -calls(0.6)-> app::Error::invalid_type
app::write -calls(0.6)-> app::Error::custom
"#,
    );
}

#[test]
fn an_untyped_call_of_a_method_every_candidate_of_which_implements_one_trait_goes_through_it() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub trait Bound {
    fn increment(self) -> Self;
}
pub struct Byte;
pub struct Letter;
impl Bound for Byte {
    fn increment(self) -> Self { self }
}
impl Bound for Letter {
    fn increment(self) -> Self { self }
}
pub struct Other;
impl Other {
    pub fn frob(&self) {}
}
pub struct More;
impl More {
    pub fn frob(&self) {}
}

pub fn step() {
    let x = unknown();
    x.increment();
    x.frob();
}
"#,
        r#"
app::step -calls(0.3)-> app::More::frob
app::step -calls(0.3)-> app::Other::frob
app::step -calls(0.6)-> app::Bound::increment
app::step -calls(0.6)-> app::Byte::increment
app::step -calls(0.6)-> app::Letter::increment
"#,
    );
}

#[test]
fn building_a_tuple_struct_or_variant_calls_nothing() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "geo"
version = "0.1.0"
//- src/lib.rs
pub struct Point(i32, i32);
pub enum Shape {
    Dot(Point),
}

impl Point {
    pub fn new() -> Point {
        Point(0, 0)
    }
}

pub fn make() -> Shape {
    Shape::Dot(Point::new())
}
"#,
        "geo::make -calls(1.0)-> geo::Point::new",
    );
}

/// In a macro's tokens, `parser(x).parse()` is a method call on something unknown, never
/// a call of the bare function of that name (a test named like the method it tests).
#[test]
fn a_method_call_in_macro_tokens_is_not_a_call_of_a_same_named_function() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "mac"
version = "0.1.0"
//- src/lib.rs
pub struct Parser;
impl Parser {
    pub fn parse_escape(&self) -> u32 { 1 }
}
pub fn parser(_s: &str) -> Parser { Parser }

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn parse_escape() {
        assert_eq!(parser("x").parse_escape(), 1);
    }
}
"#,
        r#"
mac::tests::parse_escape -calls(0.9)-> mac::Parser::parse_escape
mac::tests::parse_escape -calls(1.0)-> mac::parser
"#,
    );
}

/// In a macro's tokens a receiver written as a chain of fields (`self.de.read.next()`) or a
/// path (`inner::Store::open()`, `inner::Pool::<u8>::empty()`) is read whole, as it would be outside the macro: the
/// field's declared type names the method, and an unrelated same-named method is not
/// reached.
#[test]
fn field_chains_and_paths_in_macro_tokens_resolve_as_outside() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "chain"
version = "0.1.0"
//- src/lib.rs
pub mod inner;
use inner::Reader;

pub struct Cursor;
impl Cursor {
    pub fn next(&mut self) -> Option<u8> { None }
}

pub struct Decoder { read: Reader }
pub struct Access<'a> { de: &'a mut Decoder }

impl<'a> Access<'a> {
    pub fn step(&mut self) -> Option<u8> {
        let got = std::convert::identity(self.de.read.next());
        assert!(inner::Store::open().is_some());
        assert!(inner::Pool::<u8>::empty().is_none());
        got
    }
}
//- src/inner.rs
pub struct Reader;
impl Reader {
    pub fn next(&mut self) -> Option<u8> { Some(1) }
}
pub struct Store;
impl Store {
    pub fn open() -> Option<Store> { Some(Store) }
}
pub struct Pool<T>(T);
impl<T> Pool<T> {
    pub fn empty() -> Option<Pool<T>> { None }
}
"#,
        r#"
chain::Access::step -calls(0.9)-> chain::inner::Reader::next
chain::Access::step -calls(1.0)-> chain::inner::Pool::empty
chain::Access::step -calls(1.0)-> chain::inner::Store::open
"#,
    );
}

#[test]
fn methods_the_project_gives_an_outside_type_are_called_through_it() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "ext"
version = "0.1.0"
//- src/lib.rs
pub trait Limits {
    fn limit() -> i32;
    fn twice(&self) -> i32;
}
pub trait Other {
    fn limit() -> i32;
}
impl Limits for f32 {
    fn limit() -> i32 { 10 }
    fn twice(&self) -> i32 { Self::limit() + self.half() }
}
impl Halves for f32 {
    fn half(&self) -> i32 { 1 }
}
pub trait Halves {
    fn half(&self) -> i32;
}
impl Other for f32 {
    fn limit() -> i32 { 11 }
}
impl Limits for String {
    fn limit() -> i32 { 30 }
    fn twice(&self) -> i32 { 6 }
}
impl<R: Limits> Limits for Vec<R> {
    fn limit() -> i32 { 40 }
    fn twice(&self) -> i32 { 8 }
}

pub fn run(x: f32, s: &std::string::String, n: u8) -> i32 {
    x.twice() + s.twice() + <f32 as Other>::limit() + <String as Limits>::limit() + s.len() as i32
}

macro_rules! cfg_net { ($($item:item)*) => { $($item)* } }
cfg_net! { pub struct UdpSocket; }
impl UdpSocket {
    pub fn bind() -> UdpSocket { UdpSocket }
}

pub fn run_std() {
    std::net::UdpSocket::bind("127.0.0.1:0");
    UdpSocket::bind();
}

pub fn plain(n: u8, v: Vec<f32>) -> usize {
    n.twice();
    v.twice();
    v.len()
}
"#,
        r#"
ext::f32::twice -calls(0.9)-> ext::f32::half
ext::f32::twice -calls(1.0)-> ext::f32::limit
ext::plain -calls(0.9)-> ext::Limits::twice
ext::plain -calls(0.9)-> ext::Vec::twice
ext::run -calls(0.9)-> ext::Limits::twice
ext::run -calls(0.9)-> ext::String::twice
ext::run -calls(0.9)-> ext::f32::twice
ext::run -calls(1.0)-> ext::String::limit
ext::run -calls(1.0)-> ext::f32::limit
ext::run_std -calls(1.0)-> ext::UdpSocket::bind
"#,
    );
}

#[test]
fn std_methods_of_a_primitive_come_before_a_project_traits_of_the_same_name() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "num"
version = "0.1.0"
//- src/lib.rs
pub trait Float {
    fn from_bits(u: u32) -> Self;
    fn to_bits(self) -> u32;
    fn is_sign_positive(self) -> bool;
    fn scaled(self) -> u32;
}
impl Float for f32 {
    fn from_bits(u: u32) -> f32 { f32::from_bits(u) }
    fn to_bits(self) -> u32 { f32::to_bits(self) }
    fn is_sign_positive(self) -> bool { self.is_sign_positive() }
    fn scaled(self) -> u32 { Self::to_bits(self) + self.to_bits() + Self::limit() }
}
pub trait Limit { fn limit() -> u32; }
impl Limit for f32 { fn limit() -> u32 { 7 } }
pub fn read(x: f32, n: u8) -> u32 {
    x.to_bits() + <f32 as Float>::to_bits(x) + x.scaled() + n.count_ones() + f32::limit()
}
"#,
        r#"
num::f32::scaled -calls(1.0)-> num::f32::limit
num::read -calls(0.9)-> num::Float::scaled
num::read -calls(0.9)-> num::f32::scaled
num::read -calls(1.0)-> num::f32::limit
num::read -calls(1.0)-> num::f32::to_bits
"#,
    );
}

#[test]
fn a_private_inherent_method_is_passed_over_outside_its_module() {
    // Both `year`s are named `cal::naive::Date::year`: the trait's declaration beside it
    // says which one a call runs.
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "cal"
version = "0.1.0"
//- src/lib.rs
pub mod naive;
pub trait Datelike { fn year(&self) -> i32; fn month(&self) -> u32; }
pub fn outside(d: naive::Date) -> i32 { d.year() + d.month() as i32 }
//- src/naive.rs
use crate::Datelike;
pub struct Date;
impl Date {
    fn year(&self) -> i32 { 2000 }
    pub(crate) fn month(&self) -> u32 { 1 }
}
impl Datelike for Date {
    fn year(&self) -> i32 { self.year() }
    fn month(&self) -> u32 { self.month() }
}
pub fn inside(d: Date) -> i32 { d.year() }
pub mod nested {
    pub fn below(d: super::Date) -> i32 { d.year() }
}
"#,
        r#"
cal::naive::Date::month -calls(1.0)-> cal::naive::Date::month
cal::naive::Date::year -calls(1.0)-> cal::naive::Date::year
cal::naive::inside -calls(0.9)-> cal::naive::Date::year
cal::naive::nested::below -calls(0.9)-> cal::naive::Date::year
cal::outside -calls(0.9)-> cal::Datelike::year
cal::outside -calls(0.9)-> cal::naive::Date::month
cal::outside -calls(0.9)-> cal::naive::Date::year
"#,
    );
}

#[test]
fn methods_on_call_results_and_named_char_in_macro_tokens_resolve() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "chains"
version = "0.1.0"
//- src/lib.rs
pub struct Builder;
pub struct Parser;
impl Builder {
    pub fn new() -> Builder { Builder }
    pub fn octal(self, _on: bool) -> Builder { self }
    pub fn build(self) -> Parser { Parser }
}
impl Parser {
    pub fn parse(&self) -> bool { true }
    pub fn char(&self) -> char { 'a' }
}
pub fn parser(_p: &str) -> Parser { Parser }

pub fn check(p: Parser) {
    assert!(parser("a").parse());
    assert!(Builder::new().octal(true).build().parse());
    assert_eq!(p.char(), 'a');
    assert!((1 + 2).count_ones() == 2);
}
"#,
        r#"
chains::check -calls(0.9)-> chains::Builder::build
chains::check -calls(0.9)-> chains::Builder::octal
chains::check -calls(0.9)-> chains::Parser::char
chains::check -calls(0.9)-> chains::Parser::parse
chains::check -calls(1.0)-> chains::Builder::new
chains::check -calls(1.0)-> chains::parser
"#,
    );
}

#[test]
fn calls_with_a_turbofish_in_macro_tokens_resolve() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "fish"
version = "0.1.0"
//- src/lib.rs
pub mod de;
use std::collections::BTreeMap;

pub struct Float;
impl Float {
    pub fn into_float<F>(self) -> u8 { 0 }
}

pub fn check(x: Float, a: u8, b: u8) {
    assert!(de::from_str::<u8>("1").is_none());
    assert_eq!(de::from_str::<BTreeMap<u8, ()>>("2"), None);
    assert!(x.into_float::<f32>() == 0);
    assert!(a >> (b) == 0);
    assert!(a > (b));
}
//- src/de.rs
pub fn from_str<T>(_s: &str) -> Option<T> { None }
"#,
        r#"
fish::check -calls(0.9)-> fish::Float::into_float
fish::check -calls(1.0)-> fish::de::from_str
"#,
    );
}

/// A function named as an argument (`.map_err(Error::io)`, `.map(parse)`) is called by
/// what receives it: an edge of the value-flow tier from the function that hands it on. A
/// parameter, a constant, a variant or a type handed on is no call.
#[test]
fn functions_handed_on_by_path_or_name_are_called() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "hand"
version = "0.1.0"
//- src/lib.rs
pub mod error;
use error::Error;

pub const LIMIT: u32 = 3;
pub enum Kind { Io }
pub struct Unit;

fn parse(s: &str) -> u32 { s.len() as u32 }
fn keep(k: Kind) -> Kind { k }
fn size(u: Unit) -> Unit { u }

pub fn read_all(items: Vec<&str>) -> Result<Vec<u32>, Error> {
    let _ = Some(LIMIT).map(std::convert::identity);
    let _ = Some(Kind::Io).map(keep);
    let _ = Some(Unit).map(size);
    std::fs::read("x").map_err(Error::io)?;
    Ok(items.into_iter().map(parse).collect())
}

pub fn apply(f: fn(&str) -> u32, parse_it: bool) -> u32 {
    if parse_it { f("x") } else { Some(f).map(|g| g("y")).unwrap_or(0) }
}
//- src/error.rs
pub struct Error;
impl Error {
    pub fn io(_e: std::io::Error) -> Error { Error }
}
"#,
        r#"
hand::read_all -calls(0.8)-> hand::error::Error::io
hand::read_all -calls(0.8)-> hand::keep
hand::read_all -calls(0.8)-> hand::parse
hand::read_all -calls(0.8)-> hand::size
"#,
    );
}

/// An impl for a reference type with a lifetime (`impl Trait for &'a mut Writer<W>`) holds
/// the methods of `Writer`: `self.method()` inside it is the sibling method.
#[test]
fn impls_for_references_with_lifetimes_attach_to_the_type() {
    check(
        r#"
//- Cargo.toml
[package]
name = "ser"
//- src/lib.rs
pub trait Sink { fn put_char(self, c: char); fn put_str(self, s: &str); }
pub struct Writer<W> { out: W }
impl<'a, W> Sink for &'a mut Writer<W> {
    fn put_char(self, c: char) { self.put_str("c"); }
    fn put_str(self, s: &str) {}
}
pub struct Reader;
impl<'r> Reader { fn next(&self) {} }
impl<'r> Iterator for &'r Reader {
    type Item = u8;
    fn next(&mut self) -> Option<u8> { self.peek(); None }
}
impl Reader { fn peek(&self) {} }
"#,
        r#"
ser::Reader::next -calls(1.0)-> ser::Reader::peek
ser::Writer -inherits(1.0)-> ser::Sink
ser::Writer::put_char -calls(1.0)-> ser::Sink::put_str
ser::Writer::put_char -calls(1.0)-> ser::Writer::put_str
"#,
    );
}

/// A type implementing one trait twice (for itself and for a reference to it) holds two
/// methods of each name: `self.m()` and `Self::m()` are the one in the caller's own block.
#[test]
fn self_calls_in_one_of_two_impls_of_a_trait_stay_in_their_block() {
    let dir = crate::support::Dir::with_fixture(
        r#"
//- Cargo.toml
[package]
name = "ser"
//- src/lib.rs
pub trait Sink { fn put_char(self, c: char); fn put_str(self, s: &str); }
pub struct Writer;
impl<'a> Sink for &'a mut Writer {
    fn put_char(self, c: char) { self.put_str("c"); }
    fn put_str(self, s: &str) {}
}
impl Sink for Writer {
    fn put_char(self, c: char) { Self::put_str(self, "c"); }
    fn put_str(self, s: &str) {}
}
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(
        crate::support::calls_by_line(&snap),
        [
            "put_char@4 -(1.0)-> put_str@1",
            "put_char@4 -(1.0)-> put_str@5",
            "put_char@8 -(1.0)-> put_str@1",
            "put_char@8 -(1.0)-> put_str@9"
        ]
    );
}

/// A name a pattern binds has the type of the field it matches: an enum variant's
/// (`Value::Number(n)`, `Self::Text(ref s)`, `Shape::Rect { width, .. }`) or a struct's;
/// `Some(x)` names no project type and stays unknown.
#[test]
fn names_bound_by_patterns_have_their_fields_types() {
    check_calls(
        r#"
//- Cargo.toml
[package]
name = "pat"
//- src/lib.rs
pub struct Number;
impl Number { pub fn is_i64(&self) -> bool { true } }
pub struct Text;
impl Text { pub fn len(&self) -> usize { 0 } }
pub struct Width;
impl Width { pub fn get(&self) -> u32 { 0 } }
pub enum Value { Number(Number), Text(Text), Rect { width: Width } }
pub struct Pair(Number, Text);
impl Value {
    pub fn is_i64(&self) -> bool {
        match self {
            Value::Number(n) => n.is_i64(),
            Self::Text(ref s) => { s.len(); false }
            Value::Rect { width, .. } => { width.get(); false }
        }
    }
}
pub fn split(p: Pair, v: Option<Text>) {
    let Pair(a, b) = p;
    a.is_i64();
    b.len();
    if let Some(x) = v { x.unknown_method(); }
}
"#,
        r#"
pat::Value::is_i64 -calls(0.9)-> pat::Number::is_i64
pat::Value::is_i64 -calls(0.9)-> pat::Text::len
pat::Value::is_i64 -calls(0.9)-> pat::Width::get
pat::split -calls(0.9)-> pat::Number::is_i64
pat::split -calls(0.9)-> pat::Text::len
"#,
    );
}

/// A `for` loop's variable holds the elements of what it iterates: a slice, a `Vec`, an
/// array or a boxed slice, borrowed or through `iter()`/`iter_mut()`/`into_iter()`, of a
/// parameter, a typed local or a field; a range or an untyped value gives nothing.
#[test]
fn loop_variables_have_the_element_type_of_what_they_iterate() {
    check_calls(
        r#"
//- Cargo.toml
[package]
name = "lp"
//- src/lib.rs
pub struct Hir;
impl Hir { pub fn kind(&self) -> u8 { 0 } }
pub struct Lit;
impl Lit { pub fn len(&self) -> usize { 0 } }
pub struct Seq { lits: Vec<Lit>, boxed: Box<[Hir]> }
impl Seq {
    pub fn total(&mut self) -> usize {
        for lit in self.lits.iter_mut() { lit.len(); }
        for h in &self.boxed { h.kind(); }
        0
    }
}
pub fn classes(hirs: &[Hir], fixed: [Lit; 2]) {
    for hir in hirs.iter() { hir.kind(); }
    for lit in fixed { lit.len(); }
    let owned: Vec<Hir> = Vec::new();
    for hir in &owned { hir.kind(); }
    for i in 0..3 { i.len(); }
}
"#,
        r#"
lp::Seq::total -calls(0.9)-> lp::Hir::kind
lp::Seq::total -calls(0.9)-> lp::Lit::len
lp::classes -calls(0.9)-> lp::Hir::kind
lp::classes -calls(0.9)-> lp::Lit::len
"#,
    );
}

/// A trait implemented for a type and for references to it (`IntoIterator` for `Map`,
/// `&Map` and `&mut Map`): a receiver declared owned, `&` or `&mut` calls that impl's
/// method (and names the trait's declaration, which stays whichever impl is chosen).
#[test]
fn a_receivers_declared_borrow_picks_the_impl_for_it() {
    let dir = crate::support::Dir::with_fixture(
        r#"
//- Cargo.toml
[package]
name = "brw"
//- src/lib.rs
pub trait Walk { fn walk(self) -> u8; }
pub struct Map;
impl Walk for Map { fn walk(self) -> u8 { 0 } }
impl<'a> Walk for &'a Map { fn walk(self) -> u8 { 1 } }
impl<'a> Walk for &'a mut Map { fn walk(self) -> u8 { 2 } }
pub fn owned(m: Map) -> u8 { m.walk() }
pub fn shared(m: &Map) -> u8 { m.walk() }
pub fn mutable(m: &mut Map) -> u8 { m.walk() }
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(
        crate::support::calls_by_line(&snap),
        [
            "mutable@8 -(0.9)-> walk@1",
            "mutable@8 -(0.9)-> walk@5",
            "owned@6 -(0.9)-> walk@1",
            "owned@6 -(0.9)-> walk@3",
            "shared@7 -(0.9)-> walk@1",
            "shared@7 -(0.9)-> walk@4",
        ]
    );
}

#[test]
fn a_blanket_impl_over_its_own_trait_neither_hides_the_declarations_nor_inherits_itself() {
    check(
        r#"
//- Cargo.toml
[package]
name = "rd"
//- src/lib.rs
pub trait Read { fn next(&mut self) -> u8; }
pub struct Slice;
impl Read for Slice { fn next(&mut self) -> u8 { 0 } }
impl<'a, R: Read> Read for &'a mut R {
    fn next(&mut self) -> u8 { R::next(self) }
}
"#,
        r#"
rd::R::next -calls(0.6)-> rd::Read::next
rd::R::next -calls(0.6)-> rd::Slice::next
rd::Slice -inherits(1.0)-> rd::Read
"#,
    );
}

#[test]
fn each_impl_bounds_its_own_generic_parameters_and_fields_take_them_from_the_impl() {
    check(
        r#"
//- Cargo.toml
[package]
name = "two"
//- src/lib.rs
pub trait Source { fn pull(&self); }
pub trait Sink { fn push(&self); }
pub struct A;
impl Source for A { fn pull(&self) {} }
pub struct B;
impl Sink for B { fn push(&self) {} }
pub struct Reader<T> { inner: T }
impl<T: Source> Reader<T> {
    fn read(&self) { self.inner.pull(); }
}
pub struct Writer<T> { inner: T }
impl<T> Writer<T> where T: Sink {
    fn write(&self) { self.inner.push(); T::push(&self.inner); }
}
"#,
        r#"
two::A -inherits(1.0)-> two::Source
two::B -inherits(1.0)-> two::Sink
two::Reader::read -calls(0.6)-> two::A::pull
two::Reader::read -calls(0.6)-> two::Source::pull
two::Writer::write -calls(0.6)-> two::B::push
two::Writer::write -calls(0.6)-> two::Sink::push
"#,
    );
}

#[test]
fn a_parameter_or_local_holds_what_it_was_given_not_a_function_further_out() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub fn step() -> u32 {
    1
}
pub fn apply(step: fn() -> u32) -> u32 {
    step()
}
pub fn twice() -> u32 {
    let step = || 2;
    step() + inner()
}
fn inner() -> u32 {
    step()
}
"#,
        r#"
app::inner -calls(1.0)-> app::step
app::twice -calls(1.0)-> app::inner
"#,
    );
}

#[test]
fn a_local_holds_its_name_only_after_its_declaration_and_inside_its_block() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub fn entry(n: u32) -> u32 {
    n
}
pub fn waker() -> u32 {
    1
}
pub fn list() -> u32 {
    let a = entry(5);
    {
        let entry = a;
        let _ = entry;
    }
    let b = entry(7);
    let waker = waker();
    a + b + waker
}
"#,
        r#"
app::list -calls(1.0)-> app::entry
app::list -calls(1.0)-> app::waker
"#,
    );
}

/// A method chain is read link by link off the declared return types: a builder's
/// `&mut Self`, a `Result` opened by `?` or `unwrap`, a local bound to the chain. A method
/// called on an `Option` or `Result` itself is the standard library's, never a project
/// method of the same name.
#[test]
fn method_chains_are_typed_link_by_link() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "ac"
version = "0.1.0"
//- src/lib.rs
pub struct Matcher { n: usize }
pub struct Builder { kind: u8 }
impl Matcher {
    pub fn builder() -> Builder { Builder { kind: 0 } }
    pub fn find(&self) -> usize { self.n }
    pub fn first(&self) -> Option<Matcher> { None }
    pub fn map(&self) -> usize { 0 }
}
impl Builder {
    pub fn kind(&mut self, kind: u8) -> &mut Builder { self.kind = kind; self }
    pub fn build(&self, n: usize) -> Result<Matcher, String> { Ok(Matcher { n }) }
}
pub fn unwrapped() -> usize {
    let m = Matcher::builder().kind(1).build(3).unwrap();
    m.find()
}
pub fn tried() -> Result<usize, String> {
    let m = Matcher::builder().build(3)?;
    let again = m.first().map(|a| a.n);
    Ok(m.find() + again.unwrap_or(0) + Matcher::builder().build(1)?.find())
}
"#,
        r#"
ac::tried -calls(0.9)-> ac::Builder::build
ac::tried -calls(0.9)-> ac::Matcher::find
ac::tried -calls(0.9)-> ac::Matcher::first
ac::tried -calls(1.0)-> ac::Matcher::builder
ac::unwrapped -calls(0.9)-> ac::Builder::build
ac::unwrapped -calls(0.9)-> ac::Builder::kind
ac::unwrapped -calls(0.9)-> ac::Matcher::find
ac::unwrapped -calls(1.0)-> ac::Matcher::builder
"#,
    );
}

/// Rust looks a method up among a type's inherent methods before its traits': a type with
/// both an inherent `year` and a trait's `year` calls the inherent one, also from inside
/// its trait impl. A method found only in a trait impl names the trait's declaration too.
#[test]
fn inherent_methods_come_before_trait_methods() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "dates"
version = "0.1.0"
//- src/lib.rs
pub trait Datelike { fn year(&self) -> i32; fn month(&self) -> u32; }
pub struct Date;
impl Date {
    const fn year(&self) -> i32 { 1 }
    pub fn since(&self, base: Self) -> i32 { self.year() - base.year() + base.month() as i32 }
}
impl Datelike for Date {
    fn year(&self) -> i32 { self.year() }
    fn month(&self) -> u32 { 1 }
}
"#,
        r#"
dates::Date::since -calls(0.9)-> dates::Date::month
dates::Date::since -calls(0.9)-> dates::Datelike::month
dates::Date::since -calls(1.0)-> dates::Date::year
dates::Date::year -calls(1.0)-> dates::Date::year
"#,
    );
}

/// A name rebound from itself (`let input = input.advance()?`, a parser's cursor) is typed
/// by its other bindings, here the parameter's annotation.
#[test]
fn a_name_rebound_from_itself_keeps_its_declared_type() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "cur"
version = "0.1.0"
//- src/lib.rs
pub struct Cursor;
impl Cursor {
    pub fn advance(&self) -> Option<Cursor> { None }
    pub fn peek(&self) -> u8 { 0 }
}
pub fn parse(input: Cursor) -> Option<u8> {
    let input = input.advance()?;
    let input = input.advance()?;
    Some(input.peek())
}
"#,
        r#"
cur::parse -calls(0.9)-> cur::Cursor::advance
cur::parse -calls(0.9)-> cur::Cursor::peek
"#,
    );
}

/// Items a macro writes are the crate's: a same-file `macro_rules!` expanded at each call
/// (methods of each type it names, at the call's line), and items passed through a macro
/// defined elsewhere (`cfg_rt! { … }`), whose calls keep their functions as callers.
#[test]
fn items_written_by_macros_are_called_like_any_other() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "ids"
version = "0.1.0"
//- src/lib.rs
#[macro_use]
mod macros;
mod ids;
cfg_rt! {
    pub fn spawn(id: ids::StateID) -> usize {
        id.as_usize()
    }
}
pub fn run() -> usize {
    let id = ids::StateID::new(1);
    spawn(id) + id.as_usize()
}
//- src/macros.rs
macro_rules! cfg_rt {
    ($($item:item)*) => { $( #[cfg(feature = "rt")] $item )* };
}
//- src/ids.rs
macro_rules! index_type {
    ($name:ident) => {
        pub struct $name(u32);
        impl $name {
            pub fn new(v: u32) -> $name { $name(v) }
            pub fn as_usize(&self) -> usize { widen(self.0) }
        }
    };
}
index_type!(PatternID);
index_type!(StateID);
fn widen(v: u32) -> usize { v as usize }
"#,
        r#"
ids::ids::PatternID::as_usize -calls(1.0)-> ids::ids::widen
ids::ids::StateID::as_usize -calls(1.0)-> ids::ids::widen
ids::run -calls(0.9)-> ids::ids::StateID::as_usize
ids::run -calls(1.0)-> ids::ids::StateID::new
ids::run -calls(1.0)-> ids::spawn
ids::spawn -calls(0.9)-> ids::ids::StateID::as_usize
"#,
    );
}

/// Two functions one macro call writes share the call's line: a parameter of one does not
/// hide a function the other calls.
#[test]
fn functions_of_one_macro_call_keep_their_own_locals() {
    crate::support::check_calls(
        r#"
//- Cargo.toml
[package]
name = "pair"
version = "0.1.0"
//- src/lib.rs
macro_rules! pair {
    ($a:ident, $b:ident) => {
        pub fn $a(helper: fn() -> u32, other_name_to_pad_columns: u32) -> u32 { helper() + other_name_to_pad_columns }
        pub fn $b() -> u32 {
                                          helper()
        }
    };
}
pair!(first, second);
fn helper() -> u32 { 1 }
"#,
        r#"
pair::second -calls(1.0)-> pair::helper
"#,
    );
}
