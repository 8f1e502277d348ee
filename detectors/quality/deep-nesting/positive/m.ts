export function f(xs) { // expect: deep-nesting
  for (const x of xs) {
    if (x) {
      return x;
    }
  }
  return null;
}
