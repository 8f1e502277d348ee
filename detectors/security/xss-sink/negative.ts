export function show(el: HTMLElement, name: string): void {
  el.innerHTML = "";
  el.textContent = name;
}

export function fromQuery(el: HTMLElement): void {
  const params = new URLSearchParams(window.location.search);
  el.textContent = params.get("q")!;
  el.innerHTML = "<b>fixed</b>" as string;
}
