function tag(req, res) {
  res.setHeader("X-User", req.query.user); // expect: header-injection
}

function download(req, res) {
  const name = req.query.name;
  res.writeHead(200, { "Content-Disposition": "attachment; filename=" + name }); // expect: header-injection
}

function mirror(req, res) {
  res.set({ "X-Trace": req.get("x-trace"), "Cache-Control": "no-store" }); // expect: header-injection
  res.set(req.body.header, "1"); // expect: header-injection
}
