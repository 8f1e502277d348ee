// Named function expressions are values handed on, never called by their own name.
function mount(app) {
  app.use(
    function logger(req, res, next) {
      next();
    }
  );
}

function parser() {
  return (
    function jsonParser(req) {
      return req;
    }
  );
}

module.exports =
  function createApplication() {
    return { mount, parser };
  };
