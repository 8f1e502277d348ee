function verify(req, expectedToken) {
  return req.headers["x-token"] === expectedToken || expectedToken === req.query.token; // expect: timing-unsafe-comparison
}
