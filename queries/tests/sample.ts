// Exercises every TypeScript pattern: the query tests require each to match here.
import "./polyfill";
import def from "./a";
import { one, two as three } from "./b";
import * as ns from "./c";
export { four } from "./d";
export { five as six } from "./e";
export * from "./f";
export * as g from "./g";
export { seven, eight as nine };
export default def;
const req = require("./h");
const { ten } = require("./i");
const { eleven: twelve } = require("./j");
module.exports = req;
module.exports = { ten };
module.exports = { key: twelve };
exports.thirteen = ten;
exports.fourteen = function () {};

/** A base. */
export abstract class Base { abstract run(): void; }
export interface Shape extends Other { area(): number; }
export type Id = string;
export enum Color { Red }
export class Box extends Base implements Shape {
  private size: number;
  onClick = () => this.run();
  static make = function () { return new Box(null); };
  constructor(private svc: Service, opt?: Options) { super(); }
  area(): number { return this.size; }
  run(): void {
    const s: Service = make();
    const t = new Service();
    const u = build();
    const v = await fetchIt();
    this.helper = new Helper();
    helper(); ns.call(); new Box(null); new ns.Thing();
    if (a && b || c ?? d) { } else if (e) { }
    for (;;) {} for (const k in o) {} while (x) {} do {} while (y);
    switch (z) { case 1: break; }
    try {} catch (err) {}
    const w = x ? 1 : 2;
    const p = x ? w : new Service();
    const q = x ? new Helper() : w;
  }
}
export function fn(a: number) { return a; }
function* gen() {}
export const arrow = (x: number) => x;
var expr = function () {};
export default function named() {}

export namespace helpers {
  export const wrap = (m?: string) => ({ m });
}

// Callbacks whose untyped parameters take the callee's declared types.
operate((source, subscriber: Sub) => source.subscribe(subscriber));
new Observable(subscriber => subscriber.complete());
schedule(function (action, state) { action.run(state); });
for (const item of this.items) { item.run(); }

// An object literal used as a namespace.
const api = { get, post: send, ...helpers, run() {} };

// ES5 classes: prototype and static methods, and inheritance.
function Shape(name) { this.name = name; }
Shape.prototype.area = function () { return this.name; };
Shape.create = () => new Shape("s");
Shape.prototype = { perimeter: function () { return 4; } };
Object.assign(Shape.prototype, { scale: (k) => k });
Shape.prototype.later = function () { var self = this; return () => self.area(); };
// Named function expressions handed on are functions of their own.
function makeParser() { return function jsonParser(req: string) { return fn(req); }; }
use(function logger(req: string) { return fn(req); });
(function wrapper() { fn(1); })();
module.exports = function createApplication() { return fn(2); };
// Parameters and locals: a call of one calls what it holds.
function withParams(a: string, b?: number, ...rest: string[]) { const local = a; return [local, rest, b, d => d]; }
