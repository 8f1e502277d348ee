export function render(doc: string, options: { draft: boolean }): string {
  return options.draft ? doc.slice(0, 10) : doc;
}

export function setVisible(element: HTMLElement, visible: boolean): void {
  element.hidden = !visible;
}
