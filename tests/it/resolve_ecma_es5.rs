//! JavaScript written before classes: a constructor function whose prototype gets methods
//! (one by one, or an object's at once) is a class (the function its constructor), static
//! assignments on it are methods, `Object.create(Base.prototype)` and `util.inherits` make
//! it inherit, and `var self = this` holds an instance of it; a CommonJS module that
//! assigns `module.exports` is what `require` of it gives; a global's methods are never
//! the project's; `this` in a function of no class guesses only in its own file. The
//! constructor may be declared in any block the assignments see (a module's top level, the
//! body of the function a library wraps itself in). A named function expression handed on is
//! a function; `f.call(…)` calls `f`; a parameter or local shadows a definition further out.

#[test]
fn prototype_methods_make_a_constructor_function_a_class() {
    crate::support::check_calls(
        r#"
//- shape.js
var util = require("util");

function Shape(name) {
  this.name = name;
  this.init();
}
Shape.prototype.init = function () {
  this.area = this.computeArea();
};
Shape.prototype.computeArea = function computeArea() {
  return helper(this.name);
};
Shape.create = function (name) {
  return new Shape(name);
};
Shape.prototype.later = function () {
  var self = this;
  return function () {
    return self.init();
  };
};

function Square(name) {
  Shape.call(this, name);
}
Square.prototype = Object.create(Shape.prototype);
Square.prototype.corners = function () {
  return this.computeArea();
};

function Circle(name) {
  Shape.prototype.init.call(this);
  return Math.max.apply(null, [1]);
}
util.inherits(Circle, Shape);
Circle.prototype.round = function () {
  return this.init();
};

function helper(n) {
  return n.length;
}

function main() {
  var s = Shape.create("s");
  var q = new Square("q");
  q.corners();
  var c = new Circle("c");
  c.round();
  return Shape("plain");
}

window.onload = function () {
  main();
  Shape.prototype.late = function () {
    return helper("z");
  };
};
exports.start = function () {
  return helper("x");
};
var utils = {};
utils.pick = function () {
  return helper("y");
};
"#,
        r#"
shape -calls(1.0)-> shape.helper
shape -calls(1.0)-> shape.main
shape.Circle.constructor -calls(1.0)-> shape.Shape.init
shape.Circle.round -calls(0.9)-> shape.Shape.init
shape.Shape.computeArea -calls(1.0)-> shape.helper
shape.Shape.constructor -calls(0.9)-> shape.Shape.init
shape.Shape.create -calls(1.0)-> shape.Shape.constructor
shape.Shape.init -calls(0.9)-> shape.Shape.computeArea
shape.Shape.late -calls(1.0)-> shape.helper
shape.Shape.later -calls(0.9)-> shape.Shape.init
shape.Square.constructor -calls(1.0)-> shape.Shape.constructor
shape.Square.corners -calls(0.9)-> shape.Shape.computeArea
shape.main -calls(0.9)-> shape.Circle.round
shape.main -calls(0.9)-> shape.Square.corners
shape.main -calls(1.0)-> shape.Circle.constructor
shape.main -calls(1.0)-> shape.Shape.constructor
shape.main -calls(1.0)-> shape.Shape.create
shape.main -calls(1.0)-> shape.Square.constructor
shape.start -calls(1.0)-> shape.helper
"#,
    );
}

#[test]
fn a_prototype_given_whole_holds_its_objects_functions() {
    crate::support::check_calls(
        r#"
//- box.js
function Shape(n) {
  this.n = n;
}
Shape.prototype = {
  constructor: Shape,
  area: function () {
    return this.perimeter();
  },
  perimeter() {
    return helper(this.n);
  },
};
function Box() {}
Object.assign(Box.prototype, {
  open: function () {
    return this.close();
  },
  close: () => helper(1),
});
Foreign.prototype = {
  run: function () {
    return helper(2);
  },
};
function helper(x) {
  return x;
}
function main() {
  var s = new Shape(1);
  s.area();
  var b = new Box();
  return b.open();
}
"#,
        r#"
box -calls(1.0)-> box.helper
box.Box.close -calls(1.0)-> box.helper
box.Box.open -calls(0.9)-> box.Box.close
box.Shape.area -calls(0.9)-> box.Shape.perimeter
box.Shape.perimeter -calls(1.0)-> box.helper
box.main -calls(0.9)-> box.Box.open
box.main -calls(0.9)-> box.Shape.area
box.main -calls(1.0)-> box.Box.constructor
box.main -calls(1.0)-> box.Shape.constructor
"#,
    );
}

#[test]
fn requiring_a_module_gives_what_it_assigned_to_module_exports() {
    crate::support::check_calls(
        r#"
//- layer.js
function Layer(path) {
  if (!(this instanceof Layer)) {
    return new Layer(path);
  }
  this.path = path;
}
Layer.prototype.match = function match(p) {
  return p === this.path;
};
module.exports = Layer;
//- tools.js
exports.trim = function (s) {
  return s;
};
//- route.js
var Layer = require("./layer");
var tools = require("./tools");

function all(path) {
  var layer = Layer(tools.trim(path));
  var other = new Layer("/x");
  return layer.match("/") && other.match("/x");
}
module.exports = all;
"#,
        r#"
layer.Layer.constructor -calls(1.0)-> layer.Layer.constructor
route.all -calls(0.9)-> layer.Layer.match
route.all -calls(1.0)-> layer.Layer.constructor
route.all -calls(1.0)-> tools.trim
"#,
    );
}

#[test]
fn globals_and_this_outside_a_class_guess_nothing_elsewhere() {
    crate::support::check_calls(
        r#"
//- stream.js
function SendStream(path) {
  this.path = path;
}
SendStream.prototype.send = function send(path) {
  return path;
};
SendStream.prototype.create = function create() {
  return this;
};
//- response.js
var res = {};
res.jsonp = function jsonp(body) {
  var copy = Object.create(body);
  return this.send(copy);
};
res.render = function render() {
  return this.flush();
};
function Buffer2() {}
Buffer2.prototype.flush = function flush() {
  return 1;
};
module.exports = res;
"#,
        r#"
response -calls(0.6)-> response.Buffer2.flush
"#,
    );
}

#[test]
fn a_class_wrapped_in_a_function_is_a_class_there() {
    crate::support::check_calls(
        r#"
//- emitter.js
(function (root) {
  function Emitter() {
    this.handlers = [];
  }
  Emitter.prototype.emit = function () {
    return this.listeners();
  };
  Emitter.prototype.listeners = function () {
    return this.handlers;
  };
  root.Emitter = Emitter;
})(this);

function outer() {
  function Inner() {}
  Inner.prototype.go = function () {
    return new Inner();
  };
  return new Inner().go();
}

function elsewhere() {
  Emitter.prototype.extra = function () {
    return outer();
  };
}
"#,
        r#"
emitter.Emitter.emit -calls(0.9)-> emitter.Emitter.listeners
emitter.elsewhere -calls(1.0)-> emitter.outer
emitter.outer -calls(0.9)-> emitter.outer.Inner.go
emitter.outer -calls(1.0)-> emitter.outer.Inner.constructor
emitter.outer.Inner.go -calls(1.0)-> emitter.outer.Inner.constructor
"#,
    );
}

#[test]
fn a_named_function_expression_handed_on_is_a_function_of_its_own() {
    crate::support::check_calls(
        r#"
//- parser.js
function read(req) {
  return req;
}
function json(options) {
  var strict = check(options);
  return function jsonParser(req, res, next) {
    read(req);
    next();
  };
}
function check(o) {
  return o;
}
function mount(app) {
  app.use(function logger(req) {
    return read(req);
  });
  app.use(function (req) {
    return check(req);
  });
  var named = function bound(req) {
    return read(req);
  };
  return named;
}
(function setup() {
  mount(null);
})();
//- app.js
module.exports = function createApplication() {
  return helper();
};
function helper() {
  return 1;
}
//- main.js
var createApplication = require("./app");
function start() {
  return createApplication();
}
"#,
        r#"
app.createApplication -calls(1.0)-> app.helper
main.start -calls(1.0)-> app.createApplication
parser.json -calls(1.0)-> parser.check
parser.json.jsonParser -calls(1.0)-> parser.read
parser.mount -calls(1.0)-> parser.check
parser.mount.logger -calls(1.0)-> parser.read
parser.mount.named -calls(1.0)-> parser.read
parser.setup -calls(1.0)-> parser.mount
"#,
    );
}

#[test]
fn a_parameter_or_local_holds_what_it_was_given_not_a_definition_further_out() {
    crate::support::check_calls(
        r#"
//- router.js
function next(err) {
  return err;
}
function done() {
  return 1;
}
function send(res, next) {
  next(res);
}
function finish(res) {
  var done = res.end;
  done();
}
function wrap(res, cb) {
  function cb2() {}
  return [1].map(function (next) {
    return next(cb(res));
  });
}
function outer(next) {
  function next2() {}
  function inner(done) {
    function done() {}
    return done();
  }
  return inner;
}
function main() {
  next(null);
  done();
}
//- typed.ts
export function handler(): number {
  return 1;
}
export function route(handler: () => number, ...rest: string[]): number {
  const inner = (x: number) => x;
  return handler() + inner(rest.length);
}
"#,
        r#"
router.main -calls(1.0)-> router.done
router.main -calls(1.0)-> router.next
router.outer.inner -calls(1.0)-> router.outer.inner.done
typed.route -calls(1.0)-> typed.route.inner
"#,
    );
}
