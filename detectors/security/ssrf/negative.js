async function proxy(url) {
  return fetch(url);
}
function notify(event) {
  return fetch(event.callbackUrl);
}
