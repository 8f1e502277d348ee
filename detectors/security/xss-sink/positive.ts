export function show(el: HTMLElement, name: string): void {
  el.innerHTML = `<b>${name}</b>`; // expect: xss-sink
  el.outerHTML = name; // expect: xss-sink
}

export function fromQuery(el: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  el.innerHTML = params.get("q")!; // expect: xss-sink
  el.outerHTML = params.get("r") as string; // expect: xss-sink
}
