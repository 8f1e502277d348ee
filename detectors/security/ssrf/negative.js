async function proxy(url) {
  return fetch(url);
}
