window.addEventListener("message", (event) => {
  // ruleid: xss
  document.getElementById("out").innerHTML = event.data.html;
});

window.addEventListener("message", (event) => {
  if (event.origin !== "https://app.example.com") return;
  // ok: xss
  document.getElementById("out").textContent = event.data.text;
});

function route() {
  const frag = decodeURIComponent(location.hash.slice(1));
  // ruleid: xss
  document.write("<p>" + frag + "</p>");
  // ruleid: code
  setTimeout("show('" + frag + "')", 10);
  // ruleid: xss
  $("#target").html(frag);
  // ruleid: redirect
  window.location.href = new URLSearchParams(location.search).get("next");
  // ruleid: url
  document.getElementById("frame").src = frag;
}

function store(token) {
  // ruleid: storage
  localStorage.setItem("access_token", token);
}

async function load() {
  const data = await (await fetch("/api/profile")).json();
  // ok: xss
  document.getElementById("name").textContent = data.name;
}

function post(frame, payload) {
  // ruleid: postmessage
  frame.contentWindow.postMessage(payload, "*");
}
