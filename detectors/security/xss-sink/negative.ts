export function show(el: HTMLElement, name: string): void {
  el.innerHTML = "";
  el.textContent = name;
}
