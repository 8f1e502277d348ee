function share(token) {
  window.parent.postMessage({ token }, "*"); // expect: postmessage-origin
}
window.addEventListener("message", (event) => { // expect: postmessage-origin
  document.title = event.data.title;
});
