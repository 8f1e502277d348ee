export function listen(run: (data: unknown) => void) {
  window.addEventListener("message", function (e: MessageEvent) { // expect: postmessage-origin
    run(e.data);
  });
}
