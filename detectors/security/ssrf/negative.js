async function proxy(url) {
  return fetch(url);  // audit: ssrf
}
function notify(event) {
  return fetch(event.callbackUrl);  // audit: ssrf
}
const BASE = "https://status.example.com";
function health() {
  return fetch(`${BASE}/health`);
}
app.get("/preview-own", async (req, res) => {
  const page = await browser.newPage();
  await page.goto(`https://example.com/reports/${req.query.id}`);
  res.send(await page.screenshot());
});
const bentLib = require("bent");
const net = require("net");
const fetchJson = bentLib("json");
app.get("/status", async (req, res) => {
  const data = await fetchJson("https://status.example.com/api");
  const probe = new net.Socket();
  probe.connect(443, "status.example.com");
  res.json({ data, port: Number(req.query.port) });
});
const { JSDOM } = require("jsdom");
app.get("/preview", async (req, res) => {
  const page = await JSDOM.fromURL("https://docs.example.com/" + req.query.page);
  const feed = new WebSocket("wss://feed.example.com/?topic=" + req.query.topic);
  res.send(page.serialize());
});

// The server is fixed; the request's values go in the query string and the body.
app.get("/search", async (req, res) => {
  const found = await axios({ url: "https://api.example.com/search", params: { q: req.query.q } });
  await axios({ method: "post", url: "https://api.example.com/log", data: { term: req.query.q } });
  res.json(found.data);
});
