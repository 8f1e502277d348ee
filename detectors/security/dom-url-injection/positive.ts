export function embed(): void {
  const params = new URLSearchParams(window.location.search);
  const frame = document.createElement("iframe");
  frame.src = params.get("video") ?? ""; // expect: dom-url-injection
  const form = document.createElement("form");
  form.action = params.get("post") ?? ""; // expect: dom-url-injection
}
