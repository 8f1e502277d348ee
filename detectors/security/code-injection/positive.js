function calc(req) {
  return eval(req.body.expr); // expect: code-injection
}
