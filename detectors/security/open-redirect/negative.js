const ALLOWED = ["/home", "/settings"];
function done(req, res) {
  const next = req.query.next;
  if (!ALLOWED.includes(next)) {
    return res.redirect("/");
  }
  res.redirect(next);
}
app.get("/next", (req, res) => {
  const allowed = ["/home", "/profile"];
  res.redirect(allowed.includes(req.query.next) ? req.query.next : "/");
});
app.get("/user", (req, res) => {
  res.redirect("/users/" + req.query.name);
  res.redirect(`https://app.example.com/profile/${req.query.name}`);
});
app.get("/moved", (req, res) => {
  res.redirect(301, "/home");
});
http.createServer((req, res) => {
  const query = url.parse(req.url, true).query;
  res.writeHead(200, { "X-Request": query.id });
  res.writeHead(302, { Location: "/items/" + query.id });
});
app.get("/hop", (req, res) => {
  res.setHeader("X-Next", req.query.to);
});

const hapiHome = (request, h) => h.redirect("/home");
app.get("/docs", (req, res) => {
  res.redirect(config.docsOrigin + req.query.page);
  res.redirect(`${config.docsOrigin}/${req.query.page}`);
});
app.get("/login-needed", (req, res) => {
  res.redirect(`${loginUrl}?next=${encodeURIComponent(req.originalUrl)}&tab=${req.query.tab}`);
  res.redirect(loginUrl + "#" + req.query.section);
});
const TARGETS = { home: "/home" };
app.get("/vetted", (req, res) => {
  const target = req.query.target;
  if (isLocalUrl(target)) {
    res.redirect(target);
  }
  if (TARGETS.hasOwnProperty(target)) {
    res.redirect(target);
  }
  if (target in TARGETS) {
    res.redirect(target);
  }
  const profile = "/users/" + req.query.id;
  res.redirect(profile);
});
const ANCHOR = "#";
app.get("/section", (req, res) => {
  res.redirect(docsUrl() + (ANCHOR + req.query.section));
});
