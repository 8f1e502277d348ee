function showHash() {
  const name = decodeURIComponent(location.hash.slice(1));
  // ruleid: xss
  document.getElementById("greeting").innerHTML = "Hello " + name;
  // ok: xss
  document.getElementById("greeting").textContent = "Hello " + name;
}

window.addEventListener("message", (event) => {
  // ruleid: xss
  document.body.insertAdjacentHTML("beforeend", event.data.html);
});

window.addEventListener("message", (event) => {
  if (event.origin !== "https://app.example.com") return;
  // ok: xss
  document.getElementById("out").textContent = event.data.text;
});

async function loadProfile() {
  const res = await fetch("/api/profile");
  const profile = await res.json();
  // ruleid: xss
  $("#bio").html(profile.bio);
  // ok: xss
  $("#bio").text(profile.bio);
}

function search() {
  const params = new URLSearchParams(window.location.search);
  const q = params.get("q");
  // ruleid: xss
  document.write("<p>Results for " + q + "</p>");
  // ruleid: open-redirect
  window.location.href = params.get("next");
  // ok: open-redirect
  window.location.href = "/search?q=" + encodeURIComponent(q);
  // ruleid: code-injection
  setTimeout("run('" + q + "')", 100);
  // ruleid: code-injection
  eval(params.get("code"));
}

function storeToken(token) {
  // ruleid: sensitive-web-storage
  localStorage.setItem("access_token", token);
  // ok: sensitive-web-storage
  localStorage.setItem("theme", "dark");
}
