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
function onSettings(event) {
  if (event.origin !== window.location.origin) return;
  localStorage.setItem("theme", event.data.theme);
}
window.addEventListener("message", onSettings);
// A listener from another module: its body is not read here.
import { onMessage } from "./bridge.js";
window.addEventListener("message", onMessage);
