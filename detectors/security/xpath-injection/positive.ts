export function find() {
  const id = location.hash.slice(1);
  return document.evaluate(`//item[@id='${id}']`, document, null, 0, null); // expect: xpath-injection
}
