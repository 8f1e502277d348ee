export function make(body: string) {
  return new Function(body); // expect: code-injection
}
export function later(store: { code(): string }) {
  setTimeout("run(" + store.code() + ")", 10); // audit: code-injection
}
