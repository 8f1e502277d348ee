export function f(a, b, c) { // expect: long-parameter-list
  return a + b + c;
}
