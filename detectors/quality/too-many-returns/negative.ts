export function g(x: number) {
  return x > 9 ? 1 : 2;
}
// The returns of a nested generator are its own, not the enclosing function's.
export function outer(x: number) {
  const gen = function* () {
    if (x > 1) return 1;
    if (x > 2) return 2;
    if (x > 3) return 3;
    yield 0;
  };
  if (x > 4) return gen;
  if (x > 5) return null;
  return undefined;
}
