function calc(req) {
  return JSON.parse(req.body.expr);
}
