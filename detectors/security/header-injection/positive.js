function tag(req, res) {
  res.setHeader("X-User", req.query.user); // expect: header-injection
}
