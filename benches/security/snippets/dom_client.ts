export function showFromHash(): void {
  const el = document.getElementById("out")!;
  // ruleid: dom-xss
  el.innerHTML = decodeURIComponent(location.hash.slice(1));
}

export function follow(): void {
  const params = new URLSearchParams(window.location.search);
  // ruleid: open-redirect
  window.location.href = params.get("next")!;
}

window.addEventListener("message", (event: MessageEvent) => {
  // ruleid: code
  eval(event.data);
});

export function broadcast(secret: string): void {
  // ruleid: postmessage
  window.parent.postMessage({ secret }, "*");
}

export function writeIt(): void {
  const q = new URLSearchParams(location.search).get("q") ?? "";
  // ruleid: dom-xss
  document.write("<p>" + q + "</p>");
}

export function safeText(): void {
  const q = new URLSearchParams(location.search).get("q") ?? "";
  const el = document.getElementById("out")!;
  // ok: dom-xss
  el.textContent = q;
}

export function jq(): void {
  // ruleid: dom-xss
  $("#out").html(location.hash.substring(1));
}

declare const $: any;
