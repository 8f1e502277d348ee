const { g } = require("./jb");

function f() {
  return g();
}

module.exports = { f };
