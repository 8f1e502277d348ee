export function g(x: number) {
  return x > 9 ? 1 : 2;
}
