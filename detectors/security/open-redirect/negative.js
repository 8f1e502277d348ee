const ALLOWED = ["/home", "/settings"];
function done(req, res) {
  const next = req.query.next;
  if (!ALLOWED.includes(next)) {
    return res.redirect("/");
  }
  res.redirect(next);
}
