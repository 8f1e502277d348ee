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
// One switch whose cases each return is a table of answers: one dispatch.
export const message = (code: string): string => {
  switch (code) {
    case "too_small":
      return "too small";
    case "too_big": {
      return "too big";
    }
    case "invalid":
      return "invalid";
    case "custom":
      return "custom";
    default:
      return "unknown";
  }
};
