//! Python resolution: packages, imports of every form, `__all__`, re-exports, MRO,
//! constructors, typed receivers, ambiguity.

use crate::support::{Dir, check, dump_unresolved};

#[test]
fn absolute_relative_and_aliased_imports_resolve_to_their_definitions() {
    check(
        r#"
//- app/__init__.py
//- app/util.py
def helper():
    pass
//- app/sub/__init__.py
//- app/sub/views.py
import app.util
import app.util as u
from app.util import helper as h
from ..util import helper
from . import forms

def index():
    app.util.helper()
    u.helper()
    h()
    helper()
    forms.render()
//- app/sub/forms.py
def render():
    pass
"#,
        r#"
app.sub.views -imports(1.0)-> app.sub.forms
app.sub.views -imports(1.0)-> app.util
app.sub.views -imports(1.0)-> app.util.helper
app.sub.views.index -calls(1.0)-> app.sub.forms.render
app.sub.views.index -calls(1.0)-> app.util.helper
"#,
    );
}

#[test]
fn names_re_exported_through_init_resolve_to_the_defining_module() {
    check(
        r#"
//- pkg/__init__.py
from .models import Model
from .models import make as build
//- pkg/models.py
class Model:
    pass

def make():
    return Model()
//- main.py
from pkg import Model, build

def run():
    Model()
    build()
"#,
        r#"
main -imports(1.0)-> pkg.models.Model
main -imports(1.0)-> pkg.models.make
main.run -calls(1.0)-> pkg.models.Model
main.run -calls(1.0)-> pkg.models.make
pkg -imports(1.0)-> pkg.models.Model
pkg -imports(1.0)-> pkg.models.make
pkg.models.make -calls(1.0)-> pkg.models.Model
"#,
    );
}

#[test]
fn a_glob_import_brings_in_only_the_names_in_all() {
    let dir = Dir::with_fixture(
        r#"
//- lib.py
__all__ = ["public"]

def public():
    pass

def internal():
    pass
//- main.py
from lib import *

def run():
    public()
    internal()
"#,
    );
    let (snap, _) = dir.build();
    pretty_assertions::assert_eq!(
        crate::support::dump_edges(&snap),
        "main -imports(1.0)-> lib\nmain.run -calls(1.0)-> lib.public"
    );
    assert_eq!(dump_unresolved(&snap), "main.run: internal @5");
}

#[test]
fn self_super_and_bases_follow_the_method_resolution_order() {
    check(
        r#"
//- shapes.py
class A:
    def who(self):
        pass
    def only_a(self):
        pass

class B(A):
    def who(self):
        super().who()

class C(A):
    def who(self):
        pass

class D(B, C):
    def run(self):
        self.who()
        self.only_a()

    @classmethod
    def make(cls):
        cls.run(None)
"#,
        r#"
shapes.B -inherits(1.0)-> shapes.A
shapes.B.who -calls(0.9)-> shapes.A.who
shapes.C -inherits(1.0)-> shapes.A
shapes.D -inherits(1.0)-> shapes.B
shapes.D -inherits(1.0)-> shapes.C
shapes.D.make -calls(0.9)-> shapes.D.run
shapes.D.run -calls(0.9)-> shapes.A.only_a
shapes.D.run -calls(0.9)-> shapes.B.who
"#,
    );
}

#[test]
fn receivers_typed_by_annotation_constructor_and_return_type_resolve_at_0_9() {
    check(
        r#"
//- db.py
class Conn:
    def query(self):
        pass

class Pool:
    def __init__(self):
        self.conn = Conn()

    def get(self) -> Conn:
        return self.conn

    def via_field(self):
        self.conn.query()

def use(p: Pool):
    p.get()
    c = Conn()
    c.query()
    d = p.get()
    d.query()
    e: "Conn" = make()
    e.query()

def make():
    return Pool()
"#,
        r#"
db.Pool.__init__ -calls(1.0)-> db.Conn
db.Pool.via_field -calls(0.9)-> db.Conn.query
db.make -calls(1.0)-> db.Pool.__init__
db.use -calls(0.9)-> db.Conn.query
db.use -calls(0.9)-> db.Pool.get
db.use -calls(1.0)-> db.Conn
db.use -calls(1.0)-> db.make
"#,
    );
}

#[test]
fn same_named_methods_on_an_unknown_receiver_are_ambiguous_at_0_3() {
    check(
        r#"
//- jobs.py
class Mailer:
    def dispatch(self):
        pass

class Queue:
    def dispatch(self):
        pass

class Solo:
    def unique_name(self):
        pass

def run(thing):
    thing.dispatch()
    thing.unique_name()
    thing.append(1)
"#,
        r#"
jobs.run -calls(0.3)-> jobs.Mailer.dispatch
jobs.run -calls(0.3)-> jobs.Queue.dispatch
jobs.run -calls(0.6)-> jobs.Solo.unique_name
"#,
    );
}

#[test]
fn methods_of_modules_imported_from_outside_the_project_are_not_matched_by_name() {
    let dir = Dir::with_fixture(
        r#"
//- provider.py
import json
from os import path as p

class Provider:
    def dumps(self):
        return json.dumps({})

    def join(self):
        return p.join("a")
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(crate::support::dump_edges(&snap), "");
    assert_eq!(
        dump_unresolved(&snap),
        "provider.Provider.dumps: json.dumps @6\nprovider.Provider.join: p.join @9"
    );
}

#[test]
fn a_redefinition_replaces_the_earlier_function() {
    check(
        r#"
//- m.py
def f():
    pass

def f():
    pass

def g():
    f()
"#,
        "m.g -calls(1.0)-> m.f",
    );
}

#[test]
fn calls_to_builtins_and_other_packages_stay_as_unresolved_facts() {
    let dir = Dir::with_fixture(
        r#"
//- m.py
import requests

def get(url):
    print(len(url))
    requests.get(url)
"#,
    );
    let (snap, _) = dir.build();
    assert_eq!(
        dump_unresolved(&snap),
        "m.get: len @4\nm.get: print @4\nm.get: requests.get @5"
    );
    assert_eq!(snap.stats.imports_external, 1);
}

#[test]
fn src_layout_packages_are_imported_by_their_package_name() {
    check(
        r#"
//- src/tool/__init__.py
//- src/tool/core.py
def work():
    pass
//- tests/test_core.py
from tool.core import work

def test_it():
    work()
"#,
        r#"
tests.test_core -imports(1.0)-> src.tool.core.work
tests.test_core.test_it -calls(1.0)-> src.tool.core.work
"#,
    );
}

#[test]
fn namespace_packages_without_init_are_imported_by_their_path() {
    check(
        r#"
//- ns/plugins/loader.py
def load():
    pass
//- app.py
import ns.plugins.loader
from ns.plugins.loader import load

def main():
    ns.plugins.loader.load()
    load()
"#,
        r#"
app -imports(1.0)-> ns.plugins.loader
app -imports(1.0)-> ns.plugins.loader.load
app.main -calls(1.0)-> ns.plugins.loader.load
"#,
    );
}

#[test]
fn qualified_names_metrics_and_docstrings_are_recorded() {
    let dir = Dir::with_fixture(
        r#"
//- pkg/__init__.py
//- pkg/mod.py
class Outer:
    """An outer class."""

    def method(self, a, b=1, *, c):
        """Does things."""
        if a and b:
            for x in c:
                while x:
                    x -= 1
        return a if b else c
"#,
    );
    let (snap, _) = dir.build();
    pretty_assertions::assert_eq!(
        crate::support::dump_nodes(&snap),
        "class pkg.mod.Outer @pkg/mod.py:1-10\n\
         file pkg/__init__.py @pkg/__init__.py:1-1\n\
         file pkg/mod.py @pkg/mod.py:1-10\n\
         method pkg.mod.Outer.method @pkg/mod.py:4-10\n\
         module pkg @pkg/__init__.py:1-1\n\
         module pkg.mod @pkg/mod.py:1-10"
    );
    let method = snap.lookup("pkg.mod.Outer.method")[0];
    let outer = snap.lookup("pkg.mod.Outer")[0];
    let node = &snap.graph[method];
    let mut docs = repotoire::graph::docs::Docs::new(&snap, dir.path());
    assert_eq!(docs.text(method).as_deref(), Some("Does things."));
    let metrics = node.metrics.expect("metrics");
    // Seven lines, six of code (the docstring is not); if, and, for, while, conditional
    // expression: 1 + 5.
    assert_eq!(
        (
            metrics.lines,
            metrics.complexity,
            metrics.max_nesting,
            metrics.params
        ),
        (6, 6, 3, 3)
    );
    assert_eq!(docs.text(outer).as_deref(), Some("An outer class."));
    // The graph keeps where a doc is; once the file changes, that place says nothing.
    let file = dir.path().join("pkg/mod.py");
    let edited = format!(
        "# a new first line\n{}",
        std::fs::read_to_string(&file).unwrap()
    );
    std::fs::write(&file, edited).unwrap();
    let mut stale = repotoire::graph::docs::Docs::new(&snap, dir.path());
    assert_eq!(stale.text(method), None);
    assert!(snap.graph[method].doc.is_some());
}

#[test]
fn a_parameter_shadows_a_module_function_of_its_name() {
    crate::support::check_calls(
        r#"
//- app.py
def fn(): pass
def other(): pass

def apply(fn):
    fn()

def never_called(other):
    other()

def run():
    fn()
    apply(other)
"#,
        r#"
app.apply -calls(0.8)-> app.other
app.run -calls(1.0)-> app.apply
app.run -calls(1.0)-> app.fn
"#,
    );
}
