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
