export function f(a) {
  return a + 1;
}
