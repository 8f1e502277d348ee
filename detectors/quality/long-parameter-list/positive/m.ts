export function f(a: number, b: number, c: number): number { // expect: long-parameter-list
  return a + b + c;
}
export function spread(a: number, b: number, c: number): number { // expect: long-parameter-list
  return a + b + c;
}
