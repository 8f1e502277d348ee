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
