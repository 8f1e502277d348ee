//! Python calls resolved by following values: assignments, returns, parameters, decorators,
//! classes, containers, generators and lambdas, exceptions, builtins and libraries. Each
//! case lists every `calls` edge of its fixture, so an edge too many fails as surely as one
//! missing; 0.8 is the value-flow tier.

use crate::support::check_calls;

#[test]
fn assignments_chains_unpacking_attributes_and_globals() {
    check_calls(
        r#"
//- app.py
def func(): pass
def g(): pass
def h(): pass
def unused(): pass
HANDLER = g

class Box:
    def __init__(self, handler):
        self.handler = handler
    def fire(self):
        self.handler()

def run():
    a = func
    a()
    b = a
    b()
    x, y = unused, h
    y()
    HANDLER()
    Box(h).fire()
    first, *rest = [unused, g, h]
    for f in rest:
        f()
"#,
        r#"
app.Box.fire -calls(0.8)-> app.h
app.run -calls(0.8)-> app.func
app.run -calls(0.8)-> app.g
app.run -calls(0.8)-> app.h
app.run -calls(0.9)-> app.Box.fire
app.run -calls(1.0)-> app.Box.__init__
"#,
    );
}

#[test]
fn returned_functions_classes_and_instances_are_called() {
    check_calls(
        r#"
//- app.py
def target(): pass

def make():
    def inner():
        target()
    return inner

class Runner:
    def run(self): pass

def factory():
    return Runner

def deep():
    return make()

def main():
    make()()
    factory()().run()
    deep()()
"#,
        r#"
app.deep -calls(1.0)-> app.make
app.main -calls(0.8)-> app.Runner
app.main -calls(0.8)-> app.Runner.run
app.main -calls(0.8)-> app.make.inner
app.main -calls(1.0)-> app.deep
app.main -calls(1.0)-> app.factory
app.main -calls(1.0)-> app.make
app.make.inner -calls(1.0)-> app.target
"#,
    );
}

#[test]
fn functions_passed_as_arguments_are_called_where_the_parameter_is() {
    check_calls(
        r#"
//- app.py
def cb(): pass
def other_cb(): pass
def kw_cb(): pass
def extra_cb(): pass
def default_cb(): pass
def never(): pass

def apply(fn, *args, key=None, **kwargs):
    fn()
    for a in args:
        a()
    key()
    kwargs["extra"]()

def with_default(fn=default_cb):
    fn()

class Registry:
    def __init__(self):
        self.callbacks = []
    def register(self, f):
        self.callbacks.append(f)
    def fire(self):
        for f in self.callbacks:
            f()

def main():
    apply(cb, other_cb, key=kw_cb, extra=extra_cb)
    with_default()
    r = Registry()
    r.register(cb)
    r.fire()
"#,
        r#"
app.Registry.fire -calls(0.8)-> app.cb
app.apply -calls(0.8)-> app.cb
app.apply -calls(0.8)-> app.extra_cb
app.apply -calls(0.8)-> app.kw_cb
app.apply -calls(0.8)-> app.other_cb
app.main -calls(0.9)-> app.Registry.fire
app.main -calls(0.9)-> app.Registry.register
app.main -calls(1.0)-> app.Registry.__init__
app.main -calls(1.0)-> app.apply
app.main -calls(1.0)-> app.with_default
app.with_default -calls(0.8)-> app.default_cb
"#,
    );
}

#[test]
fn decorators_wrap_what_they_decorate() {
    check_calls(
        r#"
//- app.py
import functools

def log(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper

def route(path):
    def decorate(fn):
        return fn
    return decorate

@log
def work(): pass

@route("/")
def page(): pass

class Thing:
    @staticmethod
    def make(): pass

    @classmethod
    def build(cls):
        return cls()

    @property
    def size(self):
        return self.compute()

    def compute(self): pass

def main():
    work()
    page()
    Thing.make()
    Thing.build()
    t = Thing()
    t.size
"#,
        r#"
app -calls(0.8)-> app.log
app -calls(0.8)-> app.route.decorate
app -calls(1.0)-> app.route
app.Thing.build -calls(0.8)-> app.Thing
app.Thing.size -calls(0.9)-> app.Thing.compute
app.log.wrapper -calls(0.8)-> app.work
app.main -calls(0.8)-> app.Thing.size
app.main -calls(0.8)-> app.log.wrapper
app.main -calls(1.0)-> app.Thing
app.main -calls(1.0)-> app.Thing.build
app.main -calls(1.0)-> app.Thing.make
app.main -calls(1.0)-> app.page
app.main -calls(1.0)-> app.work
"#,
    );
}

#[test]
fn constructors_super_class_attributes_and_dunder_protocols() {
    check_calls(
        r#"
//- app.py
def helper(): pass

class Base:
    def __init__(self): pass
    def greet(self): pass

class Mixin:
    def greet(self):
        super().greet()

class Child(Mixin, Base):
    def __init__(self):
        super().__init__()
    def greet(self):
        super(Child, self).greet()

class Holder:
    action = helper
    def __enter__(self):
        return self
    def __exit__(self, *exc): pass
    def __call__(self): pass
    def __add__(self, other):
        return self
    def __iter__(self):
        return iter([helper])

def main():
    c = Child()
    c.greet()
    Holder.action()
    with Holder() as w:
        w()
    h = Holder()
    h + h
    for f in h:
        f()
"#,
        r#"
app.Child.__init__ -calls(0.9)-> app.Base.__init__
app.Child.greet -calls(0.9)-> app.Mixin.greet
app.Mixin.greet -calls(0.8)-> app.Base.greet
app.main -calls(0.8)-> app.Holder.__add__
app.main -calls(0.8)-> app.Holder.__call__
app.main -calls(0.8)-> app.Holder.__enter__
app.main -calls(0.8)-> app.Holder.__exit__
app.main -calls(0.8)-> app.Holder.__iter__
app.main -calls(0.8)-> app.helper
app.main -calls(0.9)-> app.Child.greet
app.main -calls(1.0)-> app.Child.__init__
app.main -calls(1.0)-> app.Holder
"#,
    );
}

#[test]
fn containers_are_read_back_by_key_iteration_get_values_and_update() {
    check_calls(
        r#"
//- app.py
def a(): pass
def b(): pass
def c(): pass

HANDLERS = {"a": a, "b": b}

def by_key():
    HANDLERS["a"]()

def by_get():
    HANDLERS.get("b")()

def by_values():
    for h in HANDLERS.values():
        h()

def comprehension():
    fs = [f for f in (a, c)]
    fs[0]()

def updated():
    table = {}
    table["x"] = c
    table.update({"y": a})
    table["y"]()

def pairs():
    for name, fn in HANDLERS.items():
        fn()
"#,
        r#"
app.by_get -calls(0.8)-> app.b
app.by_key -calls(0.8)-> app.a
app.by_values -calls(0.8)-> app.a
app.by_values -calls(0.8)-> app.b
app.comprehension -calls(0.8)-> app.a
app.comprehension -calls(0.8)-> app.c
app.pairs -calls(0.8)-> app.a
app.pairs -calls(0.8)-> app.b
app.updated -calls(0.8)-> app.a
"#,
    );
}

#[test]
fn generators_and_lambdas_carry_functions() {
    check_calls(
        r#"
//- app.py
def a(): pass
def b(): pass

def gen():
    yield a
    yield b

def use_gen():
    for f in gen():
        f()

def ret_lambda():
    return lambda: b

def use_lambda():
    f = lambda: a
    f()()
    ret_lambda()()()
"#,
        r#"
app.use_gen -calls(0.8)-> app.a
app.use_gen -calls(0.8)-> app.b
app.use_gen -calls(1.0)-> app.gen
app.use_lambda -calls(0.8)-> app.a
app.use_lambda -calls(0.8)-> app.b
app.use_lambda -calls(1.0)-> app.ret_lambda
"#,
    );
}

#[test]
fn raised_and_caught_exceptions_are_instances_of_their_class() {
    check_calls(
        r#"
//- app.py
class AppError(Exception):
    def __init__(self, message):
        self.message = message
    def describe(self): pass

class Other:
    def describe(self): pass

def fail():
    raise AppError("x")

def handle():
    try:
        fail()
    except AppError as e:
        e.describe()
"#,
        r#"
app.fail -calls(1.0)-> app.AppError.__init__
app.handle -calls(0.8)-> app.AppError.describe
app.handle -calls(1.0)-> app.fail
"#,
    );
}

#[test]
fn raising_a_class_constructs_it_and_raising_an_instance_does_not() {
    check_calls(
        r#"
//- app.py
class AppError(Exception):
    def __init__(self):
        pass

class Errors:
    class Nested(Exception):
        def __init__(self):
            pass

    def __call__(self):
        pass

Alias = AppError

def bare():
    raise AppError

def aliased():
    raise Alias from None

def nested():
    raise Errors.Nested

def again(err: AppError, handler: Errors):
    raise err

def not_a_class():
    raise Errors()
"#,
        r#"
app.aliased -calls(0.8)-> app.AppError.__init__
app.bare -calls(0.8)-> app.AppError.__init__
app.nested -calls(0.8)-> app.Errors.Nested.__init__
app.not_a_class -calls(1.0)-> app.Errors
"#,
    );
}

#[test]
fn items_after_a_star_count_from_the_end_and_string_keys_are_not_numbers() {
    check_calls(
        r#"
//- app.py
def a(): pass
def b(): pass
def c(): pass
def d(): pass

def unpack():
    first, *middle, last = a, b, c, d
    first()
    last()

TABLE = {1: a, "1": b}

def by_number():
    TABLE[1]()
    [c, d][1]()

def by_string():
    TABLE["1"]()
"#,
        r#"
app.by_number -calls(0.8)-> app.a
app.by_number -calls(0.8)-> app.d
app.by_string -calls(0.8)-> app.b
app.unpack -calls(0.8)-> app.a
app.unpack -calls(0.8)-> app.d
"#,
    );
}

#[test]
fn indexing_an_instance_and_builtins_on_it_call_its_dunder_methods() {
    check_calls(
        r#"
//- app.py
class Row:
    def __getitem__(self, key):
        return Cell()
    def __len__(self):
        return 1
    def __str__(self):
        return "row"

class Cell:
    def render(self): pass

class Plain:
    pass

def use(row: Row, plain: Plain, table: dict):
    row["a"].render()
    row[0]
    print(row[1])
    len(row)
    str(row)
    table["x"]
    len(plain)
    str(table)
"#,
        r#"
app.Row.__getitem__ -calls(1.0)-> app.Cell
app.use -calls(0.8)-> app.Cell.render
app.use -calls(0.8)-> app.Row.__getitem__
app.use -calls(0.8)-> app.Row.__len__
app.use -calls(0.8)-> app.Row.__str__
"#,
    );
}

#[test]
fn an_isinstance_test_narrows_what_the_receiver_holds_inside_its_branch() {
    check_calls(
        r#"
//- app.py
class Model:
    def save(self): pass

class Form:
    def save(self): pass

def only_models(obj):
    if isinstance(obj, Model):
        obj.save()

def only_forms(obj):
    return isinstance(obj, Form) and obj.save()

def ternary(obj):
    return obj.save() if isinstance(obj, Model) else None

def after(obj):
    if isinstance(obj, (Model, Form)):
        pass
    obj.save()

def run():
    for f in (only_models, only_forms, ternary, after):
        f(Model())
        f(Form())
"#,
        r#"
app.after -calls(0.8)-> app.Form.save
app.after -calls(0.8)-> app.Model.save
app.only_forms -calls(0.9)-> app.Form.save
app.only_models -calls(0.9)-> app.Model.save
app.run -calls(0.8)-> app.after
app.run -calls(0.8)-> app.only_forms
app.run -calls(0.8)-> app.only_models
app.run -calls(0.8)-> app.ternary
app.run -calls(1.0)-> app.Form
app.run -calls(1.0)-> app.Model
app.ternary -calls(0.9)-> app.Model.save
"#,
    );
}

#[test]
fn loops_call_next_and_slices_keep_the_positions_they_take() {
    check_calls(
        r#"
//- app.py
def first(): pass
def second(): pass
def third(): pass
def anyone(): pass

class Countdown:
    def __iter__(self):
        return self
    def __next__(self):
        return anyone

FS = [first, second, third]

def loop():
    for f in Countdown():
        f()

def middle():
    FS[1:3][0]()

def head():
    FS[:1][0]()

def anywhere(n):
    FS[n:][0]()
"#,
        r#"
app.anywhere -calls(0.8)-> app.first
app.anywhere -calls(0.8)-> app.second
app.anywhere -calls(0.8)-> app.third
app.head -calls(0.8)-> app.first
app.loop -calls(0.8)-> app.Countdown.__iter__
app.loop -calls(0.8)-> app.Countdown.__next__
app.loop -calls(0.8)-> app.anyone
app.loop -calls(1.0)-> app.Countdown
app.middle -calls(0.8)-> app.second
"#,
    );
}

#[test]
fn library_values_are_never_matched_by_name_and_builtins_call_what_they_are_given() {
    check_calls(
        r#"
//- app.py
import json
from werkzeug.test import Client

def visit(item): pass

class Page:
    def head(self): pass
    def loads(self): pass

def main(items):
    json.loads("x")
    sorted(items, key=visit)
    list(map(visit, items))
    c = Client()
    c.head()
    c.open().loads()

def typed(c: Client):
    c.head()
"#,
        r#"
app.main -calls(0.8)-> app.visit
"#,
    );
}

#[test]
fn imported_globals_conditional_and_aliased_imports_carry_values() {
    check_calls(
        r#"
//- pkg/__init__.py
from .handlers import HANDLER
//- pkg/handlers.py
def real(): pass
def fallback(): pass
HANDLER = real
//- fast.py
def speedy(): pass
//- slow.py
def speedy(): pass
//- main.py
import pkg.handlers as h
from pkg import HANDLER

try:
    from fast import speedy
except ImportError:
    from slow import speedy

def run():
    HANDLER()
    h.HANDLER()
    speedy()
"#,
        r#"
main.run -calls(0.8)-> fast.speedy
main.run -calls(0.8)-> pkg.handlers.real
main.run -calls(0.8)-> slow.speedy
"#,
    );
}

#[test]
fn a_decorator_returning_what_it_was_given_does_not_join_its_callers() {
    check_calls(
        r#"
//- app.py
def register(fn):
    return fn

def pick(fn=None):
    return fn

@register
def alpha(): pass

@register
def beta(): pass

def use():
    alpha()
    pick(beta)()
"#,
        r#"
app -calls(0.8)-> app.register
app.use -calls(0.8)-> app.beta
app.use -calls(1.0)-> app.alpha
app.use -calls(1.0)-> app.pick
"#,
    );
}

#[test]
fn a_class_decorator_used_past_the_value_cap_still_returns_only_its_own_class() {
    let classes: String = (0..30)
        .map(|i| format!("@register\nclass C{i}:\n    def __init__(self): pass\n\n"))
        .collect();
    let fixture = format!(
        "//- app.py\ndef register(klass):\n    klass.registered = True\n    return klass\n\n{classes}def use():\n    C0()\n    C29()\n"
    );
    check_calls(
        &fixture,
        r#"
app -calls(0.8)-> app.register
app.use -calls(1.0)-> app.C0.__init__
app.use -calls(1.0)-> app.C29.__init__
"#,
    );
}

#[test]
fn a_property_read_in_the_arguments_of_an_unknown_call_still_calls_its_getter() {
    check_calls(
        r#"
//- app.py
import logging

class Thing:
    count = 0

    @property
    def size(self):
        return 1

def report(thing, out):
    out.write(thing.size)
    out.write(thing.count)
    logging.info(thing.size)

def main():
    report(Thing(), None)
"#,
        r#"
app.main -calls(1.0)-> app.Thing
app.main -calls(1.0)-> app.report
app.report -calls(0.8)-> app.Thing.size
"#,
    );
}

#[test]
fn a_librarys_cached_property_is_read_as_a_property() {
    // The getter's value comes from a library: the loader's method is that library's,
    // never the project's method of the same name.
    check_calls(
        r#"
//- app.py
from werkzeug.utils import cached_property
from jinja2 import FileSystemLoader

class Scaffold:
    @cached_property
    def jinja_loader(self):
        return FileSystemLoader("templates")

class Loader:
    def __init__(self, app):
        self.app = app

    def list_templates(self):
        loader = self.app.jinja_loader
        return loader.list_templates()

def main():
    Loader(Scaffold()).list_templates()
"#,
        r#"
app.Loader.list_templates -calls(0.8)-> app.Scaffold.jinja_loader
app.main -calls(0.9)-> app.Loader.list_templates
app.main -calls(1.0)-> app.Loader.__init__
app.main -calls(1.0)-> app.Scaffold
"#,
    );
}

#[test]
fn overload_stubs_cast_and_update_wrapper_are_seen_through() {
    check_calls(
        r#"
//- app.py
import functools
import typing as t
from typing import overload

def check(name): pass

def setupmethod(f):
    def wrapper_func(self, *args):
        check(f.__name__)
        return f(self, *args)
    return t.cast(t.Any, functools.update_wrapper(wrapper_func, f))

class Scaffold:
    @setupmethod
    def route(self, rule): pass

@overload
def pick(x: int) -> int: ...
@overload
def pick(x: str) -> str: ...
def pick(x):
    return x

def run():
    Scaffold().route("/")
    pick(1)
"#,
        r#"
app.Scaffold -calls(0.8)-> app.setupmethod
app.run -calls(0.8)-> app.setupmethod.wrapper_func
app.run -calls(0.9)-> app.Scaffold.route
app.run -calls(1.0)-> app.Scaffold
app.run -calls(1.0)-> app.pick
app.setupmethod.wrapper_func -calls(0.8)-> app.Scaffold.route
app.setupmethod.wrapper_func -calls(1.0)-> app.check
"#,
    );
}

#[test]
fn pytest_fixtures_fill_the_parameters_named_after_them() {
    // The 0.6 edges are the name tier: a parameter no visible fixture fills (a default, a
    // `conftest.py` in another folder, a file pytest does not collect) is not followed,
    // and a name guess lands only in code the file imports (`test_default` imports nothing).
    // `client.head()` is werkzeug's, inherited from outside: no name match onto `Views.head`.
    check_calls(
        r#"
//- app/__init__.py
import werkzeug.test

class Flask:
    def route(self, rule): pass
    def test_client(self):
        return FlaskClient()

class FlaskClient(werkzeug.test.Client):
    def open(self): pass

class Db:
    def query(self): pass
//- tests/conftest.py
import pytest
from app import Flask, Db

@pytest.fixture
def app():
    return Flask()

@pytest.fixture()
def client(app):
    return app.test_client()

@pytest.fixture(name="db")
def _db():
    yield Db()
//- tests/test_views.py
class Views:
    def head(self): pass

def test_app(app, client, db):
    app.route("/")
    client.open()
    client.head()
    db.query()

def test_default(app=None):
    app.route("/")
//- tests/other/conftest.py
import pytest
from app import Db

@pytest.fixture
def local():
    return Db()
//- tests/test_elsewhere.py
import app

def test_local(local):
    local.query()
//- app/helpers.py
def not_a_test(app):
    app.route("/")
"#,
        r#"
app.Flask.test_client -calls(1.0)-> app.FlaskClient
app.helpers.not_a_test -calls(0.6)-> app.Flask.route
tests.conftest._db -calls(1.0)-> app.Db
tests.conftest.app -calls(1.0)-> app.Flask
tests.conftest.client -calls(0.8)-> app.Flask.test_client
tests.other.conftest.local -calls(1.0)-> app.Db
tests.test_elsewhere.test_local -calls(0.6)-> app.Db.query
tests.test_views.test_app -calls(0.8)-> app.Db.query
tests.test_views.test_app -calls(0.8)-> app.Flask.route
tests.test_views.test_app -calls(0.8)-> app.FlaskClient.open
"#,
    );
}

#[test]
fn a_base_method_calls_what_its_subclasses_set_on_the_instance() {
    check_calls(
        r#"
//- app.py
class Shape:
    def draw(self):
        self.render()

    def size(self):
        self.missing()

class Circle(Shape):
    def __init__(self):
        self.render = self.circle

    def circle(self): pass

class Square(Shape):
    def __init__(self):
        self.render = self.square

    def square(self): pass

def run():
    Circle().draw()
"#,
        r#"
app.Shape.draw -calls(0.8)-> app.Circle.circle
app.Shape.draw -calls(0.8)-> app.Square.square
app.run -calls(0.9)-> app.Shape.draw
app.run -calls(1.0)-> app.Circle.__init__
"#,
    );
}
