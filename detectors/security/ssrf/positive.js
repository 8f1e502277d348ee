async function proxy(req) {
  return fetch(req.query.url); // expect: ssrf
}
exports.handler = async (event) => {
  return fetch(event.callbackUrl); // expect: ssrf
};
function refresh(feed) {
  return fetch(feed.sourceUrl()); // audit: ssrf
}
// A command-line client fetches what its operator names: only a review sees it.
async function cli() {
  return fetch(process.argv[2]); // audit: ssrf
}
app.get("/preview", async (req, res) => {
  const page = await browser.newPage();
  await page.goto(`https://${req.query.site}`); // expect: ssrf
  res.send(await page.screenshot());
});
app.get("/phantom", async (req, res) => {
  const page = await instance.createPage();
  await page.openUrl(req.params.url, {}, {}); // expect: ssrf
  res.send(await page.property("content"));
});
// Fetchers a library made, and sockets opened to the host a client names.
const bentLib = require("bent");
const net = require("net");
const fetchJson = bentLib("json");
app.get("/relay", async (req, res) => {
  const data = await fetchJson(req.query.feed); // expect: ssrf
  const probe = new net.Socket();
  probe.connect(443, req.body.host); // expect: ssrf
  net.connect(25, req.param("relay")); // expect: ssrf
  res.json(data);
});
const { JSDOM } = require("jsdom");
app.get("/preview", async (req, res) => {
  const page = await JSDOM.fromURL(req.query.url); // expect: ssrf
  const feed = new WebSocket(req.query.feed); // expect: ssrf
  res.send(page.serialize());
});

// `encodeURI` keeps `://` and the host: the request still goes where the input says.
app.get("/encoded", async (req, res) => {
  const target = encodeURI(req.query.url);
  res.send(await axios.get(target)); // expect: ssrf
});

// Options objects: the key that names the server carries the request's value.
app.get("/options", async (req, res) => {
  await axios({ url: req.query.url, method: "get" }); // expect: ssrf
  http.get({ hostname: req.query.host, path: "/" }, () => {}); // expect: ssrf
  const base = req.query.base;
  await axios({ baseURL: base, url: "/status" }); // expect: ssrf
  res.end();
});
