export function show(el: HTMLElement, name: string): void {
  el.innerHTML = `<b>${name}</b>`; // expect: xss-sink
  el.outerHTML = name; // expect: xss-sink
}
