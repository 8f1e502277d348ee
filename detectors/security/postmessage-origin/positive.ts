export function listen(run: (data: unknown) => void) {
  window.addEventListener("message", function (e: MessageEvent) { // expect: postmessage-origin
    run(e.data);
  });
}

const onCommand = (e: MessageEvent) => {
  eval(String(e.data));
};
window.addEventListener("message", onCommand); // expect: postmessage-origin
