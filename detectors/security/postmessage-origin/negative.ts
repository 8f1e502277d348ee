export function listen(run: (data: unknown) => void) {
  window.addEventListener("message", (e: MessageEvent) => {
    if (e.origin === location.origin) run(e.data);
  });
}

function onCommand(e: MessageEvent) {
  if (e.source !== window.parent) return;
  console.log(e.data);
}
window.addEventListener("message", onCommand);

export function stream(ws: WebSocket, push: (data: unknown) => void) {
  function onMessage(event: MessageEvent) {
    push(event.data);
  }
  // A socket's messages come from the server it connected to.
  ws.addEventListener("message", onMessage);
  ws.addEventListener("message", (event) => push(event.data));
}
