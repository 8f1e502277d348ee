function calc(req) {
  return JSON.parse(req.body.expr);
}
const vm = require("vm");
function sandbox() {
  return vm.runInNewContext("1 + 1", {});
}
const DELAY = 100;
function later(store) {
  setTimeout(store.callback(), DELAY);
}
