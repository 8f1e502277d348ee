export function missing(x: number, NaNCount: number): boolean {
  if (Number.isNaN(x)) return true;
  return x !== NaNCount;
}
