export function f() { // expect: long-function
  const a = 1;
  const b = 2;
  const c = 3;
  return a + b + c;
}
