function tag(req, res) {
  res.setHeader("X-User", encodeURIComponent(req.query.user));
}

function download(req, res) {
  const size = Number(req.query.size);
  res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": size });
  res.set({ "Cache-Control": "no-store" });
  res.set("X-Request", "static");
}

// `encodeURI` leaves no line break to start another header.
app.get("/download", (req, res) => {
  res.setHeader("X-File", encodeURI(req.query.name));
  res.end();
});
