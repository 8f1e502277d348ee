export function listen(run: (data: unknown) => void) {
  window.addEventListener("message", (e: MessageEvent) => {
    if (e.origin === location.origin) run(e.data);
  });
}
