const { g } = require("./jb"); // expect: import-cycle

function f() {
  return g();
}

module.exports = { f };
