const { Z } = require("../domain/store");

module.exports = { draw: () => Z };
