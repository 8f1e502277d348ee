const params = new URLSearchParams(window.location.search);
const banner = document.getElementById("banner")!;

// ruleid: xss-sink
banner.innerHTML = "Welcome " + params.get("name");

// ok: xss-sink
banner.textContent = "Welcome " + params.get("name");

const fragment = decodeURIComponent(location.hash.slice(1));
// ruleid: xss-sink
document.write(fragment);

window.addEventListener("message", (event: MessageEvent) => {
  // ruleid: code-injection
  eval(event.data);
});

const link = document.createElement("a");
// ruleid: dom-url-injection
link.setAttribute("href", params.get("next") || "/");

// ruleid: xss-sink
document.body.insertAdjacentHTML("beforeend", `<p>${params.get("msg")}</p>`);

async function loadWidget() {
  const res = await fetch("/api/widget");
  const data = await res.json();
  // ruleid: xss-sink
  document.querySelector("#widget")!.innerHTML = data.html;
}
