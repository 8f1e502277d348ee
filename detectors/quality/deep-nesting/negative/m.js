export function f(xs) {
  return xs.length;
}
