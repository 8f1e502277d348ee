module.exports = {
  security: {
    csrf: false, // expect: csrf-disabled
  },
};
