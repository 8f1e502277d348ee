module.exports = {
  security: {
    csrf: true,
  },
};
