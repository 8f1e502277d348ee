module.exports = { Z: 1 };
