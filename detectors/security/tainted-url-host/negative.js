app.get("/proxy", async (req, res) => {
  const url = `https://api.example.com/${req.query.item}`;
  const link = "http://example.com/" + req.query.page;
  res.json({ body: await fetchText(url), link });
});

app.get("/search", async (req, res) => {
  // The host is the server's own; only the query comes from the request.
  const url = "https://" + config.apiHost + "/search?q=" + req.query.q;
  const other = `https://${config.apiHost}/search?q=${req.query.q}`;
  res.json({ a: await fetchText(url), b: await fetchText(other) });
});
