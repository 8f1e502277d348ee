app.get("/proxy", async (req, res) => {
  const url = `https://${req.query.host}/api`; // expect: tainted-url-host
  res.send(await fetchText(url));
});

app.get("/link", (req, res) => {
  const link = "http://" + req.query.host + "/index.html"; // expect: tainted-url-host
  res.json({ link });
});
