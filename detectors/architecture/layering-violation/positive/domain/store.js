const { draw } = require("../web/screen"); // expect: layering-violation

module.exports = { Z: draw() };
