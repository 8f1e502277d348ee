async function proxy(req) {
  return fetch(req.query.url); // expect: ssrf
}
exports.handler = async (event) => {
  return fetch(event.callbackUrl); // expect: ssrf
};
function refresh(feed) {
  return fetch(feed.sourceUrl()); // audit: ssrf
}
