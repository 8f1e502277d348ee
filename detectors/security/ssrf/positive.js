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
