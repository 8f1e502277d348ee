//! TypeScript types a name gets from where it stands: a callback's untyped parameter from
//! its callee, a loop variable or an array callback's parameter from the element type of
//! what it iterates, a generic method's result from the receiver's type arguments; and a
//! method of an object literal is no name in the scope around it; a class field holding a
//! function is a method; a conditional that builds one branch gives a local its class; a
//! type alias stands for the classes it names.

#[test]
fn a_callbacks_untyped_parameters_take_the_types_the_callee_declares() {
    crate::support::check_calls(
        r#"
//- lift.ts
import { Subscriber } from './sub';
export function operate<T, R>(init: (liftedSource: Source<T>, subscriber: Subscriber<R>) => void): void {}
export function untyped(init: Function): void {}
export class Source<T> {
  constructor(make?: (this: Source<T>, subscriber: Subscriber<T>) => void) {}
  subscribe(s: Subscriber<T>): void {}
}
//- sub.ts
export class Subscriber<T> {
  next(value: T): void {}
  complete(): void {}
}
export class Logger {
  next(value: string): void {}
  complete(): void {}
}
//- take.ts
import { operate, untyped, Source } from './lift';
export function take<T>(count: number) {
  return operate((source, subscriber) => {
    source.subscribe(subscriber);
    subscriber.next(count);
  });
}
export function make() {
  return new Source(subscriber => subscriber.complete());
}
export function loose() {
  untyped((source, subscriber) => subscriber.complete());
}
"#,
        r#"
take.loose -calls(0.3)-> sub.Logger.complete
take.loose -calls(0.3)-> sub.Subscriber.complete
take.loose -calls(1.0)-> lift.untyped
take.make -calls(0.9)-> sub.Subscriber.complete
take.make -calls(1.0)-> lift.Source.constructor
take.take -calls(0.9)-> lift.Source.subscribe
take.take -calls(0.9)-> sub.Subscriber.next
take.take -calls(1.0)-> lift.operate
"#,
    );
}

#[test]
fn a_method_of_an_object_literal_is_not_a_name_in_its_module_nor_a_guess() {
    crate::support::check_calls(
        r#"
//- timers.ts
export const provider = {
  setInterval(handler: () => void, timeout?: number) {
    return setInterval(handler, timeout);
  },
  clear(handle: number) {
    return helper(handle);
  },
  now() { return 0; },
};
function helper(handle: number) { return handle; }
export class Clock { now(): number { return 1; } }
export function stamp(source) { return source.now(); }
"#,
        r#"
timers.clear -calls(1.0)-> timers.helper
timers.stamp -calls(0.6)-> timers.Clock.now
"#,
    );
}

#[test]
fn loop_variables_array_callbacks_and_generic_results_are_typed() {
    crate::support::check_calls(
        r#"
//- model.ts
export class User { greet(): string { return "hi"; } }
export class Admin { greet(): string { return "yo"; } }
export class Repo<K, T> {
  items: T[] = [];
  first(): T | undefined { return this.items[0]; }
  key(): K { throw new Error(); }
  size(): Counter { return new Counter(); }
}
export class Counter { count(): number { return 0; } }
//- use.ts
import { User, Admin, Repo } from './model';
export class Team {
  private members: User[] = [];
  private byName: Map<string, Admin> = new Map();
  private repo: Repo<string, Admin> = new Repo();
  loops(all: Array<Admin>) {
    for (const m of this.members) { m.greet(); }
    all.forEach((a) => a.greet());
  }
  pairs() {
    for (const entry of this.byName) { entry.greet(); }
  }
  generic() {
    this.repo.first().greet();
    const admin = this.repo.first();
    admin.greet();
    this.repo.size().count();
  }
  untyped(plain: Repo) {
    plain.first().greet();
  }
}
"#,
        r#"
model.Repo.size -calls(1.0)-> model.Counter
use.Team -calls(1.0)-> model.Repo
use.Team.generic -calls(0.9)-> model.Admin.greet
use.Team.generic -calls(0.9)-> model.Counter.count
use.Team.generic -calls(0.9)-> model.Repo.first
use.Team.generic -calls(0.9)-> model.Repo.size
use.Team.loops -calls(0.9)-> model.Admin.greet
use.Team.loops -calls(0.9)-> model.User.greet
use.Team.pairs -calls(0.3)-> model.Admin.greet
use.Team.pairs -calls(0.3)-> model.User.greet
use.Team.untyped -calls(0.3)-> model.Admin.greet
use.Team.untyped -calls(0.3)-> model.User.greet
use.Team.untyped -calls(0.9)-> model.Repo.first
"#,
    );
}

/// Names typed by calls on each other end, typed by nothing (`next` is also a built-in
/// iterator method, never guessed by name).
#[test]
fn names_typed_by_calls_on_each_other_end() {
    crate::support::check_calls(
        r#"
//- list.ts
export class Node { next(): Node { return this; } visit(): void {} }
export function walk() {
  const a = b.next();
  const b = a.next();
  a.visit();
}
"#,
        r#"
list.walk -calls(0.6)-> list.Node.visit
"#,
    );
}

#[test]
fn an_object_literal_is_a_namespace_of_its_entries_here_and_where_it_is_imported() {
    crate::support::check_calls(
        r#"
//- schemas.ts
export function string() { return 1; }
//- iso.ts
export function datetime() { return 3; }
//- api.ts
import * as _schemas from "./schemas";
import * as _iso from "./iso";
function send() { return 0; }
function get() { return 0; }
export const api = { get, post: send };
export const provider = {
  now() { return 4; },
};
export const plain = { count: 1 };
export interface Clock { now(): number }
export const typed: Clock = { now() { return 5; } };
const z = { ..._schemas, iso: _iso };
export function build() {
  z.string();
  z.iso.datetime();
  api.post();
}
//- use.ts
import { api, provider, plain, typed } from "./api";
export function run() {
  api.get();
  provider.now();
  plain.count();
}
export function stamp() {
  typed.now();
}
"#,
        r#"
api.build -calls(1.0)-> api.send
api.build -calls(1.0)-> iso.datetime
api.build -calls(1.0)-> schemas.string
use.run -calls(1.0)-> api.get
use.run -calls(1.0)-> api.now
use.stamp -calls(0.6)-> api.Clock.now
"#,
    );
}

#[test]
fn a_union_typed_receiver_calls_the_method_of_each_member() {
    crate::support::check_calls(
        r#"
//- shapes.ts
export class Circle { area(): number { return 1; } }
export class Square { area(): number { return 2; } }
export class Triangle { area(): number { return 3; } }
//- use.ts
import { Circle, Square } from './shapes';
export function both(s: Circle | Square) { return s.area(); }
export function one(s: Circle | null | undefined) { return s.area(); }
export function withLibrary(s: Circle | string) { return s.area(); }
"#,
        r#"
use.both -calls(0.6)-> shapes.Circle.area
use.both -calls(0.6)-> shapes.Square.area
use.one -calls(0.9)-> shapes.Circle.area
use.withLibrary -calls(0.9)-> shapes.Circle.area
"#,
    );
}

#[test]
fn a_generic_methods_result_takes_the_argument_a_subclass_gives_its_base() {
    crate::support::check_calls(
        r#"
//- repo.ts
export class User { greet() {} }
export class Order { greet() {} }
export class Repo<K, T> { first(): T { return null as any; } key(): K { return null as any; } }
export class Mid<X> extends Repo<string, X> {}
export class Fixed extends Repo<string, Order> {}
export class Loose<T> extends Repo<string, T> {}
//- users.ts
import { Repo, Mid, Fixed, Loose, User, Order } from './repo';
export class UserRepo extends Repo<string, User> {
  load() { const u = this.first(); u.greet(); }
}
export class MidRepo extends Mid<User> {}
export class FixedRepo extends Fixed {}
export function direct(r: UserRepo) { const u = r.first(); u.greet(); }
export function passed(r: MidRepo) { const u = r.first(); u.greet(); }
export function fixed(r: FixedRepo) { const u = r.first(); u.greet(); }
export function open(r: Loose<User>) { const u = r.first(); u.greet(); }
export function unbound<T>(r: Loose<T>) { const u = r.first(); u.greet(); }
"#,
        r#"
users.UserRepo.load -calls(0.9)-> repo.Repo.first
users.UserRepo.load -calls(0.9)-> repo.User.greet
users.direct -calls(0.9)-> repo.Repo.first
users.direct -calls(0.9)-> repo.User.greet
users.fixed -calls(0.9)-> repo.Order.greet
users.fixed -calls(0.9)-> repo.Repo.first
users.open -calls(0.9)-> repo.Repo.first
users.open -calls(0.9)-> repo.User.greet
users.passed -calls(0.9)-> repo.Repo.first
users.passed -calls(0.9)-> repo.User.greet
users.unbound -calls(0.3)-> repo.Order.greet
users.unbound -calls(0.3)-> repo.User.greet
users.unbound -calls(0.9)-> repo.Repo.first
"#,
    );
}

#[test]
fn an_instanceof_test_narrows_the_receiver_inside_its_branch() {
    crate::support::check_calls(
        r#"
//- src/shapes.ts
export interface Shape { area(): number; }
export class Circle implements Shape {
  area() { return 1; }
  radius() { return 1; }
}
export class Square implements Shape {
  area() { return 2; }
  side() { return 2; }
}
export type AnyShape = Circle | Square | (() => void);

export function inIf(shape: AnyShape) {
  if (shape instanceof Circle) {
    shape.radius();
  }
}

export function inAnd(shape: AnyShape) {
  return (shape instanceof Square) && shape.side();
}

export function inTernary(shape: AnyShape) {
  return shape instanceof Circle ? shape.radius() : 0;
}

export function outside(shape: Shape, other: Shape) {
  if (other instanceof Circle) {
    shape.radius();
  }
  if (shape instanceof Circle) {
    return () => shape.radius();
  } else {
    shape.side();
  }
  shape.radius();
}
"#,
        r#"
src/shapes.inAnd -calls(0.9)-> src/shapes.Square.side
src/shapes.inIf -calls(0.9)-> src/shapes.Circle.radius
src/shapes.inTernary -calls(0.9)-> src/shapes.Circle.radius
"#,
    );
}

#[test]
fn a_class_field_holding_a_function_is_a_method_with_calls_of_its_own() {
    // TypeScript and JavaScript alike: the arrow's calls are the field's, not the class's;
    // `this.field()` and `Class.field()` call it; a field holding data is no method.
    crate::support::check_calls(
        r#"
//- widget.ts
export function log(): void {}
export class Widget {
  count = 0;
  handle = () => { this.render(); log(); };
  private later = function (this: Widget) { log(); };
  static make = (): Widget => new Widget();
  render(): void { this.handle(); this.later(); }
  reset(): void { Widget.make(); this.count = 0; }
}
//- button.js
function track() {}
class Button {
  label = "ok";
  onClick = () => { this.draw(); track(); };
  draw() { return this.onClick(); }
}
"#,
        r#"
button.Button.draw -calls(0.9)-> button.Button.onClick
button.Button.onClick -calls(0.9)-> button.Button.draw
button.Button.onClick -calls(1.0)-> button.track
widget.Widget.handle -calls(0.9)-> widget.Widget.render
widget.Widget.handle -calls(1.0)-> widget.log
widget.Widget.later -calls(1.0)-> widget.log
widget.Widget.make -calls(1.0)-> widget.Widget
widget.Widget.render -calls(0.9)-> widget.Widget.handle
widget.Widget.render -calls(0.9)-> widget.Widget.later
widget.Widget.reset -calls(1.0)-> widget.Widget.make
"#,
    );
}

#[test]
fn a_local_built_in_one_branch_of_a_conditional_has_that_class() {
    // Only a branch that is itself the `new`: a value merely built from one is something
    // else, and `c` stays unknown (a guess between the two `only`s).
    crate::support::check_calls(
        r#"
//- sub.ts
export class Base { add(): void {} }
export class Safe extends Base {}
export class Plain { only(): void {} }
export class Boxed { only(): void {} }
export class Other { other(): void {} }
function wrap(p: Plain): Boxed { return new Boxed(); }
export function pick(x: any, flag: boolean) {
  const a = flag ? x : new Safe();
  a.add();
  const b = flag ? new Other() : x;
  b.other();
  const c = flag ? wrap(new Plain()) : x;
  c.only();
}
"#,
        r#"
sub.pick -calls(0.3)-> sub.Boxed.only
sub.pick -calls(0.3)-> sub.Plain.only
sub.pick -calls(0.9)-> sub.Base.add
sub.pick -calls(0.9)-> sub.Other.other
sub.pick -calls(1.0)-> sub.Other
sub.pick -calls(1.0)-> sub.Plain
sub.pick -calls(1.0)-> sub.Safe
sub.pick -calls(1.0)-> sub.wrap
sub.wrap -calls(1.0)-> sub.Boxed
"#,
    );
}

#[test]
fn a_type_alias_stands_for_the_classes_it_names() {
    crate::support::check_calls(
        r#"
//- app.ts
export class Router { route(): number { return 1; } }
export class Server { route(): number { return 2; } }
export type App = Router;
export type Either = Router | Server;
// An alias of an object type is its own members' declaration.
export type Shape = { route(): number };
export function one(a: App) { return a.route(); }
export function both(e: Either) { return e.route(); }
export function literal(s: Shape) { return s.route(); }
"#,
        r#"
app.both -calls(0.6)-> app.Router.route
app.both -calls(0.6)-> app.Server.route
app.literal -calls(0.9)-> app.Shape.route
app.one -calls(0.9)-> app.Router.route
"#,
    );
}
