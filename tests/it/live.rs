//! A live engine patches the graph file by file; after every edit its graph must equal a
//! cold build of the same tree (nodes, edges with their lines and confidence, unresolved
//! calls, counts), and edits that could change another file's resolution must not patch.

use std::collections::BTreeSet;
use std::path::PathBuf;

use petgraph::visit::{EdgeRef, IntoEdgeReferences};
use repotoire::engine::{Engine, GraphUpdate, Options};
use repotoire::graph::Snapshot;

use crate::support::Dir;

const PROJECT: &str = r#"
//- shop/__init__.py
from .cart import Cart
//- shop/cart.py
from shop.pricing import price_of, Discount


class Base:
    def total(self):
        return 0


class Cart(Base):
    def __init__(self):
        self.items = []
        self.discount = Discount()

    def add(self, item):
        self.items.append(item)
        return price_of(item)

    def total(self):
        return sum(price_of(i) for i in self.items) - self.discount.amount()


def checkout(cart):
    return cart.total()
//- shop/pricing.py
class Discount:
    def amount(self):
        return 1


def price_of(item):
    return len(item)


def report(cart):
    return refund(cart)
//- web/app.ts
import { format } from "./util";

export class Page {
  render(): string {
    return format("page");
  }
}

export function main() {
  return new Page().render();
}
//- web/util.ts
export function format(text: string): string {
  return text.trim();
}
//- src/lib.rs
mod shapes;
pub use shapes::Square;
//- src/shapes.rs
pub trait Area {
    fn area(&self) -> u32;
}

pub struct Square {
    side: u32,
}

impl Area for Square {
    fn area(&self) -> u32 {
        self.side * self.side
    }
}

pub fn total(shapes: &[Square]) -> u32 {
    shapes.iter().map(|s| s.area()).sum()
}
"#;

/// Everything about a graph that must not depend on how it was built, as sorted lines.
fn canonical(snap: &Snapshot) -> Vec<String> {
    let key = |index: petgraph::stable_graph::NodeIndex| {
        let node = &snap.graph[index];
        format!(
            "{}@{}:{}",
            node.qualified_name,
            snap.file_path(node),
            node.line
        )
    };
    let mut out = Vec::new();
    for index in snap.graph.node_indices() {
        let node = &snap.graph[index];
        out.push(format!(
            "node {:?} {} end {} doc {:?} metrics {:?}",
            node.kind,
            key(index),
            node.end_line,
            node.doc,
            node.metrics
        ));
    }
    for edge in (&snap.graph).edge_references() {
        let w = edge.weight();
        out.push(format!(
            "edge {} -[{:?} {:.2} {:?}]-> {}",
            key(edge.source()),
            w.kind,
            w.confidence,
            w.lines,
            key(edge.target())
        ));
    }
    for call in snap.unresolved_calls().iter() {
        let caller = key(petgraph::stable_graph::NodeIndex::new(call.caller as usize));
        out.push(format!(
            "unresolved {caller} {} {:?} {}:{} {:?}",
            call.name, call.receiver, call.line, call.column, call.outside
        ));
    }
    for file in &snap.files {
        out.push(format!("file {file:?}"));
    }
    out.push(format!("stats {:?}", snap.stats));
    out.sort();
    out
}

fn cold(dir: &Dir) -> Vec<String> {
    let engine = Engine::new(
        dir.path(),
        Options {
            use_cache: false,
            ..Options::default()
        },
    )
    .unwrap();
    engine.refresh();
    canonical(&engine.snapshot())
}

/// An engine that keeps its resolver and patches, with no cache.
fn live_engine(dir: &Dir) -> Engine {
    Engine::new(
        dir.path(),
        Options {
            use_cache: false,
            live: true,
            ..Options::default()
        },
    )
    .unwrap()
}

/// A live engine on a fixture after its first build, checked against a cold one.
pub(crate) fn first_build(fixture: &str) -> (Dir, Engine) {
    let dir = Dir::with_fixture(fixture);
    let engine = live_engine(&dir);
    assert_eq!(engine.refresh().graph, GraphUpdate::Resolved);
    assert_same(&engine, &dir, "the first build");
    (dir, engine)
}

/// Whether the live graph has this edge, written as `dump_edges` writes it.
pub(crate) fn has_edge(engine: &Engine, edge: &str) -> bool {
    crate::support::dump_edges(&engine.snapshot())
        .lines()
        .any(|l| l == edge)
}

/// Replaces the first `from` in `path` with `to`, refreshes the engine on that file and
/// checks the live graph against a cold build; what the refresh did comes back.
pub(crate) fn edit_and_compare(
    engine: &Engine,
    dir: &Dir,
    (path, from, to): (&str, &str, &str),
    step: &str,
) -> GraphUpdate {
    let text = std::fs::read_to_string(dir.join(path)).unwrap();
    assert!(text.contains(from), "{path} lacks {from:?}");
    dir.write(path, text.replacen(from, to, 1));
    let update = engine.refresh_paths(&[PathBuf::from(path)]).graph;
    assert_same(engine, dir, step);
    update
}

fn assert_same(live: &Engine, dir: &Dir, step: &str) {
    let live = canonical(&live.snapshot());
    let cold = cold(dir);
    if live != cold {
        let a: BTreeSet<&String> = live.iter().collect();
        let b: BTreeSet<&String> = cold.iter().collect();
        let only_live: Vec<_> = a.difference(&b).take(8).collect();
        let only_cold: Vec<_> = b.difference(&a).take(8).collect();
        panic!(
            "after {step}: the live graph differs from a cold build\nonly live: {only_live:#?}\nonly cold: {only_cold:#?}"
        );
    }
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "a scripted series of edits, each checked against a cold build"
)]
fn patched_graphs_equal_cold_builds_and_risky_edits_resolve_everything() {
    let dir = Dir::with_fixture(PROJECT);
    let engine = live_engine(&dir);
    assert_eq!(engine.refresh().graph, GraphUpdate::Resolved);
    assert_same(&engine, &dir, "the first build");
    let edit = |path: &str, from: &str, to: &str| {
        let text = std::fs::read_to_string(dir.join(path)).unwrap();
        assert!(text.contains(from), "{path} lacks {from:?}");
        dir.write(path, text.replacen(from, to, 1));
    };
    let refresh = |path: &str| engine.refresh_paths(&[PathBuf::from(path)]).graph;

    // Everyday saves: patched.
    edit(
        "shop/cart.py",
        "    return cart.total()",
        "    cart.add('x')\n\n    return checkout(cart) or cart.total()",
    );
    assert_eq!(refresh("shop/cart.py"), GraphUpdate::Patched, "a body edit");
    assert_same(&engine, &dir, "a body edit");

    dir.append(
        "shop/cart.py",
        "\n\ndef summary(cart):\n    return price_of(cart) + checkout(cart)\n",
    );
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Patched,
        "a new function"
    );
    assert_same(&engine, &dir, "a new function");

    edit(
        "shop/cart.py",
        "    def add(self, item):",
        "    def clear(self):\n        self.items = []\n        return self.total()\n\n    def add(self, item):",
    );
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Patched,
        "a method inserted above others"
    );
    assert_same(&engine, &dir, "a method inserted above others");

    edit(
        "web/app.ts",
        "return format(\"page\");",
        "const text = format(\"page\");\n    return text + format(\"!\");",
    );
    assert_eq!(
        refresh("web/app.ts"),
        GraphUpdate::Patched,
        "a TypeScript body edit"
    );
    assert_same(&engine, &dir, "a TypeScript body edit");

    edit(
        "src/shapes.rs",
        "        self.side * self.side",
        "        let side = self.side;\n        side * side",
    );
    assert_eq!(
        refresh("src/shapes.rs"),
        GraphUpdate::Patched,
        "a Rust body edit"
    );
    assert_same(&engine, &dir, "a Rust body edit");

    // A syntax error still patches what parsed.
    edit(
        "shop/pricing.py",
        "    return len(item)",
        "    return len(item) +",
    );
    refresh("shop/pricing.py");
    assert_same(&engine, &dir, "a syntax error");
    edit(
        "shop/pricing.py",
        "    return len(item) +",
        "    return len(item)",
    );
    refresh("shop/pricing.py");
    assert_same(&engine, &dir, "the syntax error fixed");

    // Edits another file's resolution could see: everything is resolved again.
    dir.append("shop/cart.py", "\n\ndef refund(cart):\n    return 0\n");
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Resolved,
        "a name another file calls"
    );
    assert_same(&engine, &dir, "a name another file calls");

    edit(
        "shop/pricing.py",
        "def price_of(item):",
        "def cost_of(item):",
    );
    assert_eq!(
        refresh("shop/pricing.py"),
        GraphUpdate::Resolved,
        "a rename"
    );
    assert_same(&engine, &dir, "a rename");

    edit(
        "shop/cart.py",
        "from shop.pricing import price_of, Discount",
        "from shop.pricing import cost_of as price_of, Discount",
    );
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Patched,
        "a changed import no other file reaches"
    );
    assert_same(&engine, &dir, "a changed import no other file reaches");

    // Imports for the file's own use: at module level and inside a function.
    edit(
        "shop/cart.py",
        "class Base:",
        "import os


class Base:",
    );
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Patched,
        "a new module-level import"
    );
    assert_same(&engine, &dir, "a new module-level import");
    edit(
        "shop/pricing.py",
        "def report(cart):\n",
        "def report(cart):\n    from shop.cart import checkout\n\n    checkout(cart)\n",
    );
    assert_eq!(
        refresh("shop/pricing.py"),
        GraphUpdate::Patched,
        "an import inside a function"
    );
    assert_same(&engine, &dir, "an import inside a function");
    edit(
        "web/app.ts",
        "import { format } from \"./util\";",
        "import { format } from \"./util\";\nimport * as util from \"./util\";",
    );
    assert_eq!(
        refresh("web/app.ts"),
        GraphUpdate::Patched,
        "a new ES import"
    );
    assert_same(&engine, &dir, "a new ES import");

    // Another file binds the module as a whole: only what it writes after the module's
    // name counts.
    dir.write(
        "shop/views.py",
        "from shop import cart\n\n\ndef view():\n    return cart.checkout(None)\n",
    );
    refresh("shop/views.py");
    assert_same(&engine, &dir, "a new file importing the module whole");
    edit("shop/cart.py", "import os\n", "import os\nimport json\n");
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Patched,
        "an import the whole-module importer does not read"
    );
    assert_same(
        &engine,
        &dir,
        "an import the whole-module importer does not read",
    );
    edit(
        "shop/views.py",
        "    return cart.checkout(None)",
        "    cart.json.dumps(1)\n    return cart.checkout(None)",
    );
    refresh("shop/views.py");
    assert_same(&engine, &dir, "the importer reads cart.json");
    edit("shop/cart.py", "import os\nimport json\n", "import os\n");
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Resolved,
        "an import the whole-module importer reads"
    );
    assert_same(&engine, &dir, "an import the whole-module importer reads");

    // An import another file reads through this module: resolved again.
    edit(
        "shop/__init__.py",
        "from .cart import Cart",
        "from .cart import Cart, price_of",
    );
    refresh("shop/__init__.py");
    assert_same(&engine, &dir, "the package takes price_of from cart");
    edit(
        "shop/cart.py",
        "from shop.pricing import cost_of as price_of, Discount",
        "from shop.pricing import report as price_of, Discount",
    );
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Resolved,
        "an import another file reaches"
    );
    assert_same(&engine, &dir, "an import another file reaches");
    edit(
        "shop/cart.py",
        "import os\n",
        "import os\nimport json as Cart\n",
    );
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Resolved,
        "a new import of a name another file imports from here"
    );
    assert_same(
        &engine,
        &dir,
        "a new import of a name another file imports from here",
    );

    edit(
        "shop/cart.py",
        "        self.discount = Discount()",
        "        self.discount = Discount()\n        self.spare = Discount()",
    );
    assert_eq!(
        refresh("shop/cart.py"),
        GraphUpdate::Resolved,
        "a new field"
    );
    assert_same(&engine, &dir, "a new field");

    // A deleted file, and a file the engine has not seen: the tree is walked again.
    std::fs::remove_file(dir.join("web/util.ts")).unwrap();
    assert_eq!(
        refresh("web/util.ts"),
        GraphUpdate::Resolved,
        "a deleted file"
    );
    assert_same(&engine, &dir, "a deleted file");
    dir.write("web/extra.ts", "export function extra() { return 1; }\n");
    assert_eq!(refresh("web/extra.ts"), GraphUpdate::Resolved, "a new file");
    assert_same(&engine, &dir, "a new file");

    // Nothing changed since: the graph is reused.
    assert_eq!(refresh("shop/cart.py"), GraphUpdate::Reused, "no change");
    assert_same(&engine, &dir, "no change");
}

const FLOW_PROJECT: &str = r#"
//- app/__init__.py
//- app/handlers.py
def first(): pass
def second(): pass

HANDLER = first
REGISTRY = []

def register(fn):
    REGISTRY.append(fn)

class Config:
    @property
    def mode(self):
        return 1

class AppError(Exception):
    def __init__(self):
        pass

CONFIG = Config()
//- app/main.py
from app.handlers import HANDLER, REGISTRY, CONFIG, AppError

def run():
    HANDLER()
    for f in REGISTRY:
        f()
    CONFIG.mode()
    CONFIG["key"]()

def fail():
    raise AppError
//- app/plugins.py
from app.handlers import register, first, second

def setup():
    register(second)
"#;

/// Value flow crosses files: an edit in one file changes where another file's calls go,
/// and the patched graph must follow as a cold build would.
#[test]
fn value_flow_edges_follow_edits_in_other_files() {
    let (dir, engine) = first_build(FLOW_PROJECT);
    let has_edge = |from: &str, to: &str| has_edge(&engine, &format!("{from} -calls(0.8)-> {to}"));
    assert!(has_edge("app.main.run", "app.handlers.first"));
    assert!(has_edge("app.main.run", "app.handlers.second"));
    let edit = |path: &str, from: &str, to: &str, step: &str| {
        let update = edit_and_compare(&engine, &dir, (path, from, to), step);
        assert_eq!(update, GraphUpdate::Patched, "{step}");
    };

    edit(
        "app/handlers.py",
        "HANDLER = first",
        "HANDLER = second",
        "a global reassigned",
    );
    assert!(!has_edge("app.main.run", "app.handlers.first"));
    edit(
        "app/plugins.py",
        "register(second)",
        "register(first)",
        "another callback registered",
    );
    assert!(has_edge("app.main.run", "app.handlers.first"));
    edit(
        "app/handlers.py",
        "def second(): pass",
        "def trace(fn):\n    def wrapper():\n        return fn()\n    return wrapper\n\n@trace\ndef second(): pass",
        "a decorator added",
    );
    assert!(has_edge("app.main.run", "app.handlers.trace.wrapper"));
    edit(
        "app/main.py",
        "    HANDLER()\n",
        "    HANDLER()\n    HANDLER()\n",
        "a body edit",
    );
    assert!(has_edge("app.main.run", "app.handlers.Config.mode"));
    assert!(has_edge("app.main.fail", "app.handlers.AppError.__init__"));
    assert!(!has_edge("app.main.run", "app.handlers.Config.__getitem__"));
    edit_and_compare(
        &engine,
        &dir,
        (
            "app/handlers.py",
            "        return 1\n",
            "        return 1\n\n    def __getitem__(self, key):\n        return first\n",
        ),
        "indexing made a call",
    );
    assert!(has_edge("app.main.run", "app.handlers.Config.__getitem__"));
    // Only lines move: value flow is not solved again, and every line still follows.
    edit(
        "app/main.py",
        "def run():",
        "# moved down\n\n\ndef run():",
        "lines moved",
    );
    edit(
        "app/plugins.py",
        "register(first)",
        "register(lambda: second())",
        "a lambda registered",
    );
}

/// With value flow left for later, a save is patched with the answers of the calls
/// spelled alike (its unchanged calls keep their value-flow edges), the other files wait,
/// and settling gives the cold graph.
#[test]
fn value_flow_left_for_later_keeps_unchanged_calls_and_settles_to_the_cold_graph() {
    let (dir, engine) = first_build(FLOW_PROJECT);
    engine.defer_flow(true);
    let has = |from: &str, to: &str| has_edge(&engine, &format!("{from} -calls(0.8)-> {to}"));
    assert!(
        engine.settle_flow().is_none(),
        "nothing left before any patch"
    );

    // A body edit in the file whose calls value flow answers: they keep their edges.
    let main = std::fs::read_to_string(dir.join("app/main.py")).unwrap();
    dir.write(
        "app/main.py",
        main.replacen("    HANDLER()\n", "    HANDLER()\n    HANDLER()\n", 1),
    );
    let report = engine.refresh_paths(&[PathBuf::from("app/main.py")]);
    assert_eq!(report.graph, GraphUpdate::Patched);
    assert!(report.flow_pending);
    assert!(has("app.main.run", "app.handlers.first"));
    assert!(has("app.main.run", "app.handlers.second"));
    let settled = engine.settle_flow().expect("value flow was left");
    assert!(!settled.flow_pending);
    assert_same(&engine, &dir, "a body edit, settled");

    // A global reassigned in another file: the calls it reaches wait for the solution.
    let handlers = std::fs::read_to_string(dir.join("app/handlers.py")).unwrap();
    dir.write(
        "app/handlers.py",
        handlers.replacen("HANDLER = first", "HANDLER = second", 1),
    );
    assert!(
        engine
            .refresh_paths(&[PathBuf::from("app/handlers.py")])
            .flow_pending
    );
    assert!(has("app.main.run", "app.handlers.first"), "not yet solved");
    let settled = engine.settle_flow().expect("value flow was left");
    assert_eq!(settled.settled, ["app/main.py"]);
    assert!(!has("app.main.run", "app.handlers.first"));
    assert_same(&engine, &dir, "a global reassigned, settled");
    assert!(engine.settle_flow().is_none(), "settled once");

    // A save solved at once solves what an earlier deferred save left as well.
    let main = std::fs::read_to_string(dir.join("app/main.py")).unwrap();
    dir.write("app/main.py", main.replacen("    CONFIG.mode()\n", "", 1));
    assert!(
        engine
            .refresh_paths(&[PathBuf::from("app/main.py")])
            .flow_pending
    );
    engine.defer_flow(false);
    let handlers = std::fs::read_to_string(dir.join("app/handlers.py")).unwrap();
    dir.write(
        "app/handlers.py",
        handlers.replacen("HANDLER = second", "HANDLER = first", 1),
    );
    let report = engine.refresh_paths(&[PathBuf::from("app/handlers.py")]);
    assert!(!report.flow_pending);
    assert_same(&engine, &dir, "a save solved at once after a deferred one");
    assert!(engine.settle_flow().is_none());
}

const FIXTURE_PROJECT: &str = r#"
//- app/__init__.py
class Flask:
    def route(self, rule): pass

class Other:
    def route(self, rule): pass
//- lib/__init__.py
//- lib/thing.py
class Thing:
    def only_in_lib(self): pass
//- tests/conftest.py
import pytest
from app import Flask, Other

@pytest.fixture
def app():
    return Flask()
//- tests/test_a.py
def test_a(app):
    app.route("/")
//- tests/test_b.py
def test_b(x):
    x.only_in_lib()
"#;

/// A fixture's value and the folders a name guess may land in follow edits as a cold
/// build would: a `conftest.py` edit moves a test's calls, an import brings a guess in.
#[test]
fn fixtures_and_guess_reach_follow_edits() {
    let (dir, engine) = first_build(FIXTURE_PROJECT);
    let has_edge = |edge: &str| has_edge(&engine, edge);
    let edit = |path: &str, from: &str, to: &str, step: &str| {
        edit_and_compare(&engine, &dir, (path, from, to), step);
    };
    assert!(has_edge(
        "tests.test_a.test_a -calls(0.8)-> app.Flask.route"
    ));
    assert!(!has_edge(
        "tests.test_b.test_b -calls(0.6)-> lib.thing.Thing.only_in_lib"
    ));
    edit(
        "tests/conftest.py",
        "return Flask()",
        "return Other()",
        "the fixture returns another class",
    );
    assert!(has_edge(
        "tests.test_a.test_a -calls(0.8)-> app.Other.route"
    ));
    assert!(!has_edge(
        "tests.test_a.test_a -calls(0.8)-> app.Flask.route"
    ));
    edit(
        "tests/test_b.py",
        "def test_b(x):",
        "import lib.thing\n\ndef test_b(x):",
        "an import brings the guess in reach",
    );
    assert!(has_edge(
        "tests.test_b.test_b -calls(0.6)-> lib.thing.Thing.only_in_lib"
    ));
}

/// A library's name becomes the project's when a module of that name appears, and the
/// library's again when it goes; Python, TypeScript and Rust alike.
#[test]
fn outside_callees_follow_modules_that_come_and_go() {
    let (dir, engine) = first_build(
        r#"
//- app.py
from helpers import tool
import json

def run():
    tool()
    json.dumps({})
    len([])
//- web/main.ts
import { tool } from "./helpers";
import { join } from "path";
import { shared } from "shared";

export function main() {
  shared();
  tool();
  join("a");
  console.log("x");
}
//- Cargo.toml
[package]
name = "app"
version = "0.1.0"
//- src/lib.rs
pub fn run() {
    helpers::tool();
    Vec::<u8>::new();
}
"#,
    );
    let outside = |engine: &Engine| crate::support::dump_outside(&engine.snapshot());
    assert!(outside(&engine).contains("app.run -external(1.0)-> helpers.tool"));
    assert!(outside(&engine).contains("app::run -external(1.0)-> helpers::tool"));
    let refresh = |path: &str, step: &str| {
        engine.refresh_paths(&[PathBuf::from(path)]);
        assert_same(&engine, &dir, step);
    };
    dir.write("helpers.py", "def tool():\n    pass\n");
    refresh("helpers.py", "a Python module appears");
    dir.write("web/helpers.ts", "export function tool() {}\n");
    refresh("web/helpers.ts", "a TypeScript module appears");
    let now = outside(&engine);
    assert!(!now.contains("helpers.tool"), "{now}");
    assert!(
        now.contains("app.run -builtin(1.0)-> builtins.len"),
        "{now}"
    );
    assert!(has_edge(&engine, "app.run -calls(1.0)-> helpers.tool"));
    assert!(outside(&engine).contains("web/main.main -external(1.0)-> shared.shared"));
    dir.write("shared/index.ts", "export function shared() {}\n");
    dir.write(
        "shared/package.json",
        r#"{"name": "shared", "main": "index.js"}"#,
    );
    refresh("shared/package.json", "a package of the project appears");
    assert!(has_edge(
        &engine,
        "web/main.main -calls(1.0)-> shared/index.shared"
    ));
    std::fs::remove_file(dir.join("helpers.py")).unwrap();
    refresh("helpers.py", "the Python module goes");
    assert!(outside(&engine).contains("app.run -external(1.0)-> helpers.tool"));
    edit_and_compare(
        &engine,
        &dir,
        ("app.py", "import json", "json = None"),
        "a name shadows the library",
    );
    assert!(!outside(&engine).contains("json.dumps"));
}

/// An ES5 constructor becomes a class when its prototype gets a method and a function
/// again when the last one goes; a `require`d module's export follows it.
#[test]
fn es5_classes_follow_edits_to_their_prototypes() {
    let (dir, engine) = first_build(
        r#"
//- layer.js
function Layer(path) {
  this.path = path;
}
module.exports = Layer;
//- route.js
var Layer = require("./layer");

function all(path) {
  var layer = new Layer(path);
  return layer.match(path);
}
module.exports = all;
"#,
    );
    assert!(has_edge(&engine, "route.all -calls(1.0)-> layer.Layer"));
    edit_and_compare(
        &engine,
        &dir,
        (
            "layer.js",
            "module.exports = Layer;",
            "Layer.prototype.match = function (p) {\n  return p === this.path;\n};\nmodule.exports = Layer;",
        ),
        "a prototype method makes the function a class",
    );
    assert!(has_edge(
        &engine,
        "route.all -calls(0.9)-> layer.Layer.match"
    ));
    assert!(has_edge(
        &engine,
        "route.all -calls(1.0)-> layer.Layer.constructor"
    ));
    edit_and_compare(
        &engine,
        &dir,
        (
            "layer.js",
            "Layer.prototype.match = function",
            "Layer.match = function",
        ),
        "the method becomes static: a function again",
    );
    assert!(has_edge(&engine, "route.all -calls(1.0)-> layer.Layer"));
    assert!(!has_edge(
        &engine,
        "route.all -calls(0.9)-> layer.Layer.match"
    ));
}

const MACRO_PROJECT: &str = r#"
//- Cargo.toml
[package]
name = "ids"
version = "0.1.0"
//- src/lib.rs
mod ids;
pub fn run() -> usize {
    ids::StateID::new(1).as_usize()
}
//- src/ids.rs
macro_rules! index_type {
    ($name:ident) => {
        pub struct $name(u32);
        impl $name {
            pub fn new(v: u32) -> $name { $name(v) }
            pub fn as_usize(&self) -> usize { self.0 as usize }
        }
    };
}
index_type!(PatternID);
index_type!(StateID);
"#;

/// What a macro writes follows edits to the macro and to its calls as a cold build would.
#[test]
fn items_macros_write_follow_edits() {
    let (dir, engine) = first_build(MACRO_PROJECT);
    let edit = |path: &str, from: &str, to: &str, step: &str| {
        edit_and_compare(&engine, &dir, (path, from, to), step);
    };
    assert!(has_edge(
        &engine,
        "ids::run -calls(0.9)-> ids::ids::StateID::as_usize"
    ));
    edit(
        "src/ids.rs",
        "index_type!(StateID);",
        "index_type!(NodeID);",
        "a call of the macro names another type",
    );
    assert!(!has_edge(
        &engine,
        "ids::run -calls(1.0)-> ids::ids::StateID::new"
    ));
    edit(
        "src/lib.rs",
        "ids::StateID::new(1)",
        "ids::NodeID::new(1)",
        "the caller follows",
    );
    assert!(has_edge(
        &engine,
        "ids::run -calls(0.9)-> ids::ids::NodeID::as_usize"
    ));
    edit(
        "src/ids.rs",
        "pub fn as_usize(&self) -> usize { self.0 as usize }",
        "pub fn as_usize(&self) -> usize { self.0 as usize }\n            pub fn get(&self) -> u32 { self.0 }",
        "the macro writes one more method",
    );
    edit("src/ids.rs", "index_type!(NodeID);", "", "the call is gone");
    assert!(!has_edge(
        &engine,
        "ids::run -calls(0.9)-> ids::ids::NodeID::as_usize"
    ));
}
