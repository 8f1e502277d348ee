const { f } = require("./ja");

function g() {
  return 1;
}

module.exports = { g, f };
