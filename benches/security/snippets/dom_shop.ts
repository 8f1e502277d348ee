const params = new URLSearchParams(window.location.search);

export function showMessage(): void {
  const msg = params.get("msg") ?? "";
  const box = document.getElementById("msg")!;
  // ruleid: xss-sink
  box.innerHTML = "<b>" + msg + "</b>";
}

export function showMessageSafe(): void {
  const msg = params.get("msg") ?? "";
  const box = document.getElementById("msg")!;
  // ok: xss-sink
  box.textContent = msg;
}

export function follow(): void {
  const next = location.hash.slice(1);
  // ruleid: dom-url-injection
  window.location.href = next;
}

window.addEventListener("message", (event: MessageEvent) => {
  // ruleid: code-injection
  eval(event.data.code);
});

export function render(): void {
  const name = params.get("name");
  // ruleid: xss-sink
  document.write("<p>" + name + "</p>");
}

export function setLink(): void {
  const a = document.querySelector("a#back") as HTMLAnchorElement;
  // ruleid: dom-url-injection
  a.href = params.get("back")!;
}
