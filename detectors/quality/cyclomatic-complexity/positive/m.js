export function f(a, b, c) { // expect: cyclomatic-complexity
  if (a) {
    return 1;
  }
  if (b) {
    return 2;
  }
  return c ? 3 : 4;
}
