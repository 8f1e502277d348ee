export function find() {
  return document.evaluate("//item", document, null, 0, null);
}
