function share(token) {
  window.parent.postMessage({ token }, "https://app.example.com");
}
window.addEventListener("message", (event) => {
  if (event.origin !== "https://app.example.com") return;
  document.title = event.data.title;
});
self.addEventListener("message", function (e) {
  self.postMessage(e.data.length);
});
