app.get("/proxy", async (req, res) => {
  const url = `https://api.example.com/${req.query.item}`;
  const link = "http://example.com/" + req.query.page;
  res.json({ body: await fetchText(url), link });
});
