export function make(body: string) {
  return new Function(body); // expect: code-injection
}
