// Exercises every JavaScript pattern: the query tests require each to match here.
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

class Box extends Base {
  onClick = () => this.run();
  #later = function () {};
  #secret() {}
  run() {
    const t = new Service();
    const u = build();
    const v = await fetchIt();
    this.helper = new Helper();
    helper(); ns.call(); new Box(); new ns.Thing(); this.#secret();
    if (a && b || c ?? d) { } else if (e) { }
    for (;;) {} for (const k in o) {} while (x) {} do {} while (y);
    switch (z) { case 1: break; }
    try {} catch (err) {}
    const w = x ? 1 : 2;
    const p = x ? w : new Service();
    const q = x ? new Helper() : w;
  }
}
function fn(a) { return a; }
function* gen() {}
const arrow = (x) => x;
var expr = function () {};
export default function named() {}
export default class Klass {}

class Derived extends Base {
  constructor() {
    super(1);
  }
}

// An object literal used as a namespace.
const api = { get, post: send, ...helpers, run() {} };

// ES5 classes: prototype and static methods, and inheritance.
function Shape(name) { this.name = name; }
Shape.prototype.area = function () { return this.name; };
Shape.create = () => new Shape("s");
Square.prototype = Object.create(Shape.prototype);
util.inherits(Circle, Shape);
Shape.prototype = { perimeter: function () { return 4; } };
Object.assign(Shape.prototype, { scale: (k) => k });
Shape.prototype.later = function () { var self = this; return () => self.area(); };
// Named function expressions handed on are functions of their own.
function makeParser() { return function jsonParser(req) { return fn(req); }; }
use(function logger(req) { return fn(req); });
(function wrapper() { fn(1); })();
module.exports = function createApplication() { return fn(2); };
// Parameters and locals: a call of one calls what it holds.
function withParams(a, b = 1, ...rest) { const local = a; return [local, rest, b, (c) => c, d => d]; }
