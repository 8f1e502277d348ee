//! Rust resolution: the module tree, use trees, re-exports, impls and trait impls, paths.

use crate::support::check;

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
shapes::Canvas::draw -calls(0.6)-> shapes::Shape::area
shapes::Canvas::draw -calls(0.9)-> shapes::Shape::describe
shapes::Canvas::draw -calls(0.9)-> shapes::Square::area
shapes::Canvas::draw -calls(1.0)-> shapes::Square::new
shapes::Canvas::draw -calls(1.0)-> shapes::make
shapes::Shape::describe -calls(0.6)-> shapes::Shape::area
shapes::Square -inherits(1.0)-> shapes::Shape
shapes::Square::new -calls(1.0)-> shapes::Square::check
shapes::make -calls(1.0)-> shapes::Square::new
"#,
    );
}

#[test]
fn same_named_methods_on_an_unknown_receiver_are_ambiguous_at_0_3() {
    check(
        r#"
//- Cargo.toml
[package]
name = "amb"
//- src/lib.rs
struct A;
struct B;
impl A { fn frobnicate(&self) {} }
impl B { fn frobnicate(&self) {} }
fn run(x: Unknown) { x.frobnicate(); x.clone(); }
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
gen::bounded -calls(0.6)-> gen::Store::load
gen::opaque -calls(0.6)-> gen::Store::load
gen::with_where -calls(0.6)-> gen::Store::load
"#,
    );
}
