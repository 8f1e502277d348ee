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
