function share(token) {
  window.parent.postMessage({ token }, "*"); // expect: postmessage-origin
}
window.addEventListener("message", (event) => { // expect: postmessage-origin
  document.title = event.data.title;
});
function onSettings(event) {
  localStorage.setItem("theme", event.data.theme);
}
window.addEventListener("message", onSettings); // expect: postmessage-origin
const onResize = (event) => {
  document.body.style.height = event.data.height;
};
window.addEventListener("message", onResize, false); // expect: postmessage-origin
