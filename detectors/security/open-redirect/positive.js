function done(req, res) {
  res.redirect(req.query.next); // expect: open-redirect
}
function jump() {
  window.location = location.hash.slice(1); // expect: open-redirect
}
function resume(res, store) {
  res.redirect(store.lastPage()); // audit: open-redirect
}
koa.use(async (ctx) => {
  ctx.redirect(ctx.request.body.returnTo); // expect: open-redirect
});
app.get("/next", (req, res) => {
  const allowed = ["/home", "/profile"];
  res.redirect(!allowed.includes(req.query.next) ? req.query.next : "/"); // expect: open-redirect
});
app.get("/user", (req, res) => {
  res.redirect("//" + req.query.host); // expect: open-redirect
  res.redirect(`https://${req.query.host}/profile`); // expect: open-redirect
});
app.get("/moved", (req, res) => {
  res.redirect(301, req.query.next); // expect: open-redirect
});
http.createServer((req, res) => {
  const query = url.parse(req.url, true).query;
  res.writeHead(302, { Location: query.next }); // expect: open-redirect
});
app.get("/hop", (req, res) => {
  res.setHeader("Location", req.query.to); // expect: open-redirect
  res.location(req.query.to); // expect: open-redirect
});

const hapiGo = (request, h) => h.redirect(request.query.next); // expect: open-redirect
app.get("/docs", (req, res) => {
  res.redirect(req.query.page + config.suffix); // expect: open-redirect
  res.redirect(`${req.query.page}/${config.suffix}`); // expect: open-redirect
});
app.get("/back", (req, res) => {
  res.redirect(`${req.query.back}?ref=home`); // expect: open-redirect
});
app.get("/vetted", (req, res) => {
  const target = req.query.target;
  if (isLocalUrl(target)) {
    return res.redirect(target);
  }
  res.redirect(target); // expect: open-redirect
});
