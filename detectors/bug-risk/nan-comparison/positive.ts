export function missing(x: number): boolean {
  if (x === NaN) return true; // expect: nan-comparison
  return Number.NaN != x; // expect: nan-comparison
}
