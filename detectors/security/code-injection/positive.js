function calc(req) {
  return eval(req.body.expr); // expect: code-injection
}
const vm = require("vm");
function sandbox(req) {
  return vm.runInNewContext(req.query.code, {}); // expect: code-injection
}
function evaluate(store) {
  return eval(store.formula()); // audit: code-injection
}
