function tag(req, res) {
  res.setHeader("X-User", encodeURIComponent(req.query.user));
}
