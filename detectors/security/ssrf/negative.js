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
