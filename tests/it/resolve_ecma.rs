//! TypeScript/JavaScript resolution: relative paths with extension and index lookup,
//! named/default/namespace imports, re-exports, tsconfig paths, CommonJS, classes.

use crate::support::check;

#[test]
fn relative_imports_find_extensions_and_index_files() {
    check(
        r#"
//- src/util/fmt.ts
export function format(x: string) { return x; }
//- src/util/index.ts
export * from "./fmt";
export { format as fmt } from "./fmt";
//- src/lib.js
export function legacy() {}
//- src/main.ts
import { format } from "./util/fmt";
import { fmt } from "./util";
import * as util from "./util/index";
import { legacy } from "./lib.js";

export function main() {
  format("a");
  fmt("b");
  util.format("c");
  legacy();
}
"#,
        r#"
src/main -imports(1.0)-> src/lib
src/main -imports(1.0)-> src/lib.legacy
src/main -imports(1.0)-> src/util/fmt
src/main -imports(1.0)-> src/util/fmt.format
src/main -imports(1.0)-> src/util/index
src/main.main -calls(1.0)-> src/lib.legacy
src/main.main -calls(1.0)-> src/util/fmt.format
src/util/index -imports(1.0)-> src/util/fmt
src/util/index -imports(1.0)-> src/util/fmt.format
"#,
    );
}

#[test]
fn default_imports_follow_export_default_and_local_export_lists() {
    check(
        r#"
//- a.ts
function impl() {}
function other() {}
export default impl;
export { other as renamed };
//- b.ts
import run, { renamed } from "./a";
function go() { run(); renamed(); }
"#,
        r#"
b -imports(1.0)-> a
b -imports(1.0)-> a.impl
b -imports(1.0)-> a.other
b.go -calls(1.0)-> a.impl
b.go -calls(1.0)-> a.other
"#,
    );
}

#[test]
fn tsconfig_base_url_and_paths_resolve_bare_specifiers() {
    check(
        r#"
//- tsconfig.json
{
  // comments and trailing commas are allowed here
  "compilerOptions": {
    "baseUrl": "src",
    "paths": { "@lib/*": ["lib/*"], },
  },
}
//- src/lib/math.ts
export const add = (a: number, b: number) => a + b;
//- src/core/value.ts
export function value() { return 1; }
//- src/app.ts
import { add } from "@lib/math";
import { value } from "core/value";
import { z } from "zod";
export function app() { add(1, value()); z(); }
"#,
        r#"
src/app -imports(1.0)-> src/core/value
src/app -imports(1.0)-> src/core/value.value
src/app -imports(1.0)-> src/lib/math
src/app -imports(1.0)-> src/lib/math.add
src/app.app -calls(1.0)-> src/core/value.value
src/app.app -calls(1.0)-> src/lib/math.add
"#,
    );
}

#[test]
fn tsconfig_extends_carries_paths_from_a_shared_base() {
    check(
        r#"
//- tsconfig.base.json
{ "compilerOptions": { "baseUrl": ".", "paths": { "@shared/*": ["packages/shared/src/*"] } } }
//- packages/app/tsconfig.json
{ "extends": "../../tsconfig.base.json", "compilerOptions": { "strict": true } }
//- packages/shared/src/log.ts
export function log() {}
//- packages/app/src/main.ts
import { log } from "@shared/log";
export function main() { log(); }
"#,
        r#"
packages/app/src/main -imports(1.0)-> packages/shared/src/log
packages/app/src/main -imports(1.0)-> packages/shared/src/log.log
packages/app/src/main.main -calls(1.0)-> packages/shared/src/log.log
"#,
    );
}

#[test]
fn commonjs_require_and_exports_resolve() {
    check(
        r#"
//- lib/math.js
function square(x) { return x * x; }
exports.cube = function (x) { return x * x * x; };
module.exports.square = square;
//- lib/other.js
function helper() {}
module.exports = { helper };
//- main.js
const math = require("./lib/math");
const { helper } = require("./lib/other");
function run() { math.cube(2); math.square(3); helper(); }
"#,
        r#"
main -imports(1.0)-> lib/math
main -imports(1.0)-> lib/other.helper
main.run -calls(1.0)-> lib/math.cube
main.run -calls(1.0)-> lib/math.square
main.run -calls(1.0)-> lib/other.helper
"#,
    );
}

#[test]
fn classes_this_constructors_and_typed_receivers() {
    check(
        r#"
//- svc.ts
export interface Store { load(): void; }
export class Base { save() {} }
export class Repo extends Base implements Store {
  constructor(private db: Db) { super(); }
  load() { this.save(); this.db.exec(); }
}
export class Db { exec() {} }
export function make(): Repo { return new Repo(new Db()); }
export function use(store: Store) {
  store.load();
  const r = make();
  r.load();
  const d = new Db();
  d.exec();
}
"#,
        r#"
svc.Repo -inherits(1.0)-> svc.Base
svc.Repo -inherits(1.0)-> svc.Store
svc.Repo.constructor -calls(1.0)-> svc.Base
svc.Repo.load -calls(0.9)-> svc.Base.save
svc.Repo.load -calls(0.9)-> svc.Db.exec
svc.make -calls(1.0)-> svc.Db
svc.make -calls(1.0)-> svc.Repo.constructor
svc.use -calls(0.6)-> svc.Store.load
svc.use -calls(0.9)-> svc.Db.exec
svc.use -calls(0.9)-> svc.Repo.load
svc.use -calls(1.0)-> svc.Db
svc.use -calls(1.0)-> svc.make
"#,
    );
}

#[test]
fn same_named_methods_on_an_unknown_receiver_are_ambiguous_at_0_3() {
    check(
        r#"
//- a.js
class Cat { speak() {} }
class Dog { speak() {} }
function talk(pet) { pet.speak(); pet.push(1); }
"#,
        r#"
a.talk -calls(0.3)-> a.Cat.speak
a.talk -calls(0.3)-> a.Dog.speak
"#,
    );
}

#[test]
fn tsx_files_are_parsed_with_the_tsx_grammar() {
    check(
        r#"
//- ui/Button.tsx
export function Button() { return <button onClick={() => click()}>ok</button>; }
function click() {}
"#,
        "ui/Button.Button -calls(1.0)-> ui/Button.click",
    );
}

#[test]
fn super_calls_go_to_the_base_constructor_and_methods_never_to_the_class_itself() {
    crate::support::check_calls(
        r#"
//- shapes.ts
export class Shape {
  constructor(public name: string) {}
  describe(): string { return this.name; }
}
export class Plain {}
export class Square extends Shape {
  constructor() {
    super("square");
  }
  describe(): string {
    return super.describe() + "!";
  }
}
export class Empty extends Plain {
  constructor() {
    super();
  }
}
export interface Described { describe(): string; }
export class Tile extends Square implements Described {
  describe(): string {
    return super.describe();
  }
}
"#,
        r#"
shapes.Empty.constructor -calls(1.0)-> shapes.Plain
shapes.Square.constructor -calls(1.0)-> shapes.Shape.constructor
shapes.Square.describe -calls(1.0)-> shapes.Shape.describe
shapes.Tile.describe -calls(1.0)-> shapes.Square.describe
"#,
    );
}

#[test]
fn methods_on_typed_parameters_fields_locals_and_returned_values_resolve() {
    crate::support::check_calls(
        r#"
//- svc.ts
export class Store {
  save(): void {}
}
export class Other {
  save(): void {}
}
export function makeStore(): Store { return new Store(); }
export class Service {
  private readonly store: Store;
  constructor(private backup: Store) {
    this.store = new Store();
  }
  run(input: Store): void {
    input.save();
    this.store.save();
    this.backup.save();
    const local = new Store();
    local.save();
    makeStore().save();
  }
}
"#,
        r#"
svc.Service.constructor -calls(1.0)-> svc.Store
svc.Service.run -calls(0.9)-> svc.Store.save
svc.Service.run -calls(1.0)-> svc.Store
svc.Service.run -calls(1.0)-> svc.makeStore
svc.makeStore -calls(1.0)-> svc.Store
"#,
    );
}

#[test]
fn interface_calls_go_to_every_implementation_and_library_types_are_not_guessed() {
    crate::support::check_calls(
        r#"
//- app.ts
import { EventEmitter } from "events";
export interface Greeter {
  greet(): string;
}
export class English implements Greeter {
  greet(): string { return "hi"; }
}
export class French implements Greeter {
  greet(): string { return "salut"; }
}
export class Bus {
  emit(): void {}
}
export function hello(g: Greeter, e: EventEmitter): void {
  g.greet();
  e.emit("x");
}
"#,
        r#"
app.hello -calls(0.6)-> app.English.greet
app.hello -calls(0.6)-> app.French.greet
app.hello -calls(0.6)-> app.Greeter.greet
"#,
    );
}

#[test]
fn a_name_guess_lands_only_in_folders_the_file_imports() {
    crate::support::check_calls(
        r#"
//- package.json
{}
//- src/v3/types.ts
export class ZodType { safeParse(x: unknown) { return x; } }
//- src/v4/mini/schemas.ts
export class ZodMini { check(x: unknown) { return x; } }
//- src/v4/classic/schemas.ts
import { helper } from "../core/util";
export function guard(schema) {
  schema.safeParse(1);
  schema.check(2);
  helper();
}
//- src/v4/core/util.ts
export function helper() {}
export class Checks { check(x: unknown) { return x; } }
"#,
        r#"
src/v4/classic/schemas.guard -calls(0.3)-> src/v4/core/util.Checks.check
src/v4/classic/schemas.guard -calls(1.0)-> src/v4/core/util.helper
"#,
    );
}

#[test]
fn parameters_shadow_outer_functions_and_interfaces_are_never_constructed() {
    crate::support::check_calls(
        r#"
//- package.json
{}
//- src/work.ts
const convert = (n: number) => n;
export interface Shape { area(): number }
export const Shape = makeShape();
function makeShape() { return {}; }

export function count<T>(convert: () => T): T {
  return convert();
}

export function outer() {
  convert(1);
  return new Shape();
}
"#,
        r#"
src/work -calls(1.0)-> src/work.makeShape
src/work.outer -calls(1.0)-> src/work.convert
"#,
    );
}

#[test]
fn members_of_a_typescript_namespace_are_called_through_it() {
    crate::support::check_calls(
        r#"
//- package.json
{}
//- src/helpers/errorUtil.ts
export namespace errorUtil {
  export const errToObj = (message?: string) => ({ message });
  export function toString(m?: string) { return m; }
}
export function toString() {}
//- src/types.ts
import { errorUtil } from "./helpers/errorUtil.js";
export class ZodString {
  email(message?: string) {
    return errorUtil.errToObj(message);
  }
  name() { return errorUtil.toString("x"); }
}
"#,
        r#"
src/types.ZodString.email -calls(1.0)-> src/helpers/errorUtil.errorUtil.errToObj
src/types.ZodString.name -calls(1.0)-> src/helpers/errorUtil.errorUtil.toString
"#,
    );
}

#[test]
fn imports_of_the_projects_own_packages_resolve_as_typescript_resolves_them() {
    let dir = crate::support::Dir::with_fixture(
        r#"
//- tsconfig.json
{"compilerOptions": {"customConditions": ["@acme/source"]}}
//- packages/core/package.json
{"name": "@acme/core", "exports": {".": {"types": "./src/index.ts",
  "default": "./dist/esm/index.js"}, "./fmt": {"@acme/source": "./src/fmt/index.ts",
  "import": "./dist/fmt/index.js"}}}
//- packages/core/src/index.ts
export function make() { return 1; }
//- packages/core/src/fmt/index.ts
export function format(x: number) { return x; }
//- packages/built/package.json
{"name": "@acme/built", "exports": {".": {"import": "./dist/index.js"}}}
//- packages/built/src/index.ts
export function other() {}
//- packages/app/src/main.ts
import { make } from "@acme/core";
import { format } from "@acme/core/fmt";
import { other } from "@acme/built";

export function run() {
  format(make());
  other();
}
"#,
    );
    let (snap, _) = dir.build();
    let calls: Vec<String> = crate::support::dump_edges(&snap)
        .lines()
        .filter(|l| l.contains(" -calls("))
        .map(str::to_string)
        .collect();
    assert_eq!(
        calls,
        [
            "packages/app/src/main.run -calls(1.0)-> packages/core/src/fmt/index.format",
            "packages/app/src/main.run -calls(1.0)-> packages/core/src/index.make"
        ]
    );
    // Its `exports` name only a built file the tree lacks: the compiler finds nothing.
    assert_eq!(
        crate::support::dump_outside(&snap),
        "packages/app/src/main.run -external(1.0)-> @acme/built.other"
    );
}

#[test]
fn of_several_same_named_methods_a_guess_keeps_the_one_in_the_callers_file() {
    crate::support::check_calls(
        r#"
//- src/schemas.ts
import { Internals } from "./checks";
export interface ZodType { check(...fns: unknown[]): ZodType; }
export const methods = {
  refine(fn: unknown) {
    return this.check(fn);
  },
};
//- src/checks.ts
export interface Internals { check(payload: unknown): void; }
//- src/other.ts
import { Internals } from "./checks";
import { ZodType } from "./schemas";
export function run(thing) {
  thing.check(1);
}
"#,
        r#"
src/other.run -calls(0.3)-> src/checks.Internals.check
src/other.run -calls(0.3)-> src/schemas.ZodType.check
src/schemas.refine -calls(0.3)-> src/schemas.ZodType.check
"#,
    );
}
