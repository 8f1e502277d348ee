function g() {
  // Required when called, not when loaded: no cycle at load time.
  const { f } = require("./ja");
  return typeof f;
}

module.exports = { g };
