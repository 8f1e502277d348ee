//! Python annotations say what a name holds: a module global bound to a library proxy but
//! annotated with a project class, a class-level declaration without a value, a parameter
//! whose callers pass library values, `Optional[...]` and `X | None`. A container of a class
//! names no instance (its elements stay with the name tier, 0.6), nor does a library class.

use crate::support::check_calls;

#[test]
fn annotated_names_hold_instances_of_their_project_class() {
    check_calls(
        r#"
//- pkg/__init__.py
from .globals import g, current

//- pkg/ctx.py
class Globals:
    def setdefault(self, name): pass

class App:
    def run(self): pass
    def stop(self): pass

//- pkg/globals.py
import typing as t
from werkzeug.local import LocalProxy
if t.TYPE_CHECKING:
    from .ctx import Globals, App
g: Globals = LocalProxy("g")
current: t.Optional[App] = LocalProxy("app")

//- use.py
import pkg
from pkg import g
from pkg.ctx import App
from werkzeug.local import LocalProxy

class Holder:
    app: App
    apps: list[App]

    def go(self):
        self.app.run()
        for a in self.apps:
            a.stop()

def work(app: App | None, name: str):
    app.run()
    name.upper()
    pkg.g.setdefault("x")
    pkg.current.stop()

def again():
    g.setdefault("y")

def main():
    work(LocalProxy("app"), "n")
"#,
        r#"
use.Holder.go -calls(0.8)-> pkg.ctx.App.stop
use.Holder.go -calls(0.9)-> pkg.ctx.App.run
use.again -calls(0.8)-> pkg.ctx.Globals.setdefault
use.main -calls(1.0)-> use.work
use.work -calls(0.8)-> pkg.ctx.App.stop
use.work -calls(0.8)-> pkg.ctx.Globals.setdefault
use.work -calls(0.9)-> pkg.ctx.App.run
"#,
    );
}

#[test]
fn a_union_annotation_holds_an_instance_of_each_project_member() {
    check_calls(
        r#"
//- shapes.py
class Circle:
    def area(self): pass

class Square:
    def area(self): pass

class Triangle:
    def area(self): pass

//- use.py
from typing import Optional, Union
from shapes import Circle, Square

def both(s: Circle | Square):
    s.area()

def spelled(s: Optional[Union[Circle, Square]]):
    s.area()

def one(s: Circle | None):
    s.area()

def with_library(s: Circle | str):
    s.area()
"#,
        r#"
use.both -calls(0.8)-> shapes.Circle.area
use.both -calls(0.8)-> shapes.Square.area
use.one -calls(0.9)-> shapes.Circle.area
use.spelled -calls(0.8)-> shapes.Circle.area
use.spelled -calls(0.8)-> shapes.Square.area
use.with_library -calls(0.9)-> shapes.Circle.area
"#,
    );
}

#[test]
fn a_subscripted_base_is_the_generic_class_it_names() {
    check_calls(
        r#"
//- repo.py
from typing import Generic, TypeVar
T = TypeVar("T")

class Repo(Generic[T]):
    def save(self): pass

class UserRepo(Repo[int]):
    def load(self):
        self.save()

class Listing(list[int]):
    def load(self):
        self.append(1)

def use(r: UserRepo):
    r.save()
"#,
        r#"
repo.UserRepo.load -calls(0.9)-> repo.Repo.save
repo.use -calls(0.9)-> repo.Repo.save
"#,
    );
}

#[test]
fn a_declared_return_type_and_a_class_typed_attribute_reach_the_method_called() {
    check_calls(
        r#"
//- client.py
from typing import Protocol

class Client:
    def open(self): pass

class Other:
    def open(self): pass

class Opener(Protocol):
    def open(self): ...

//- app.py
import lib
from client import Client, Opener

class App:
    client_class: type[Client] | None = None
    opener_class: type[Opener]

    def opener(self):
        return self.opener_class()

    def test_client(self) -> Client:
        return lib.make(self)

    def made(self):
        cls = self.client_class
        return cls()

def returned(app: App):
    app.test_client().open()

def constructed(app: App):
    c = app.made()
    c.open()
"#,
        r#"
app.App.made -calls(0.8)-> client.Client
app.constructed -calls(0.8)-> client.Client.open
app.constructed -calls(0.9)-> app.App.made
app.returned -calls(0.8)-> client.Client.open
app.returned -calls(0.9)-> app.App.test_client
"#,
    );
}

/// An annotated parameter or return holds what its annotation says: an instance of an
/// unrelated project class that an over-approximate flow (a helper shared by callers)
/// carries there is left out, so its methods are not called there. A class with a base
/// from the annotation's package, a builtin's subclass, a union with an outside type and a
/// structural (`typing`) annotation still let instances in.
#[test]
fn annotations_keep_unrelated_instances_out_of_parameters_and_returns() {
    check_calls(
        r#"
//- models.py
from collections import UserDict
from pydantic_core import core_schema
from typing import Iterable

class Model:
    def copy(self): pass

class Other:
    def copy(self): pass

class Sub(Model):
    def copy(self): pass

class Schemaish(core_schema.Base):
    def copy(self): pass

class Headers(dict):
    def copy(self): pass

def same(x):
    return x

def typed(m: Model):
    m.copy()

def library(s: core_schema.CoreSchema):
    s.copy()

def builtin(d: dict):
    d.copy()

def loose(i: Iterable):
    i.copy()

def either(s: core_schema.CoreSchema | Model):
    s.copy()

def made() -> Model:
    return same(Other())

def main():
    typed(same(Other()))
    typed(same(Sub()))
    library(same(Model()))
    library(same(Schemaish()))
    builtin(same(Model()))
    builtin(same(Headers()))
    loose(same(Other()))
    either(same(Model()))
    made().copy()
"#,
        r#"
models.builtin -calls(0.8)-> models.Headers.copy
models.either -calls(0.9)-> models.Model.copy
models.library -calls(0.8)-> models.Schemaish.copy
models.loose -calls(0.8)-> models.Other.copy
models.made -calls(1.0)-> models.Other
models.made -calls(1.0)-> models.same
models.main -calls(0.9)-> models.Model.copy
models.main -calls(1.0)-> models.Headers
models.main -calls(1.0)-> models.Model
models.main -calls(1.0)-> models.Other
models.main -calls(1.0)-> models.Schemaish
models.main -calls(1.0)-> models.Sub
models.main -calls(1.0)-> models.builtin
models.main -calls(1.0)-> models.either
models.main -calls(1.0)-> models.library
models.main -calls(1.0)-> models.loose
models.main -calls(1.0)-> models.made
models.main -calls(1.0)-> models.same
models.main -calls(1.0)-> models.typed
models.typed -calls(0.8)-> models.Model.copy
models.typed -calls(0.8)-> models.Sub.copy
"#,
    );
}
