export function find(xs: number[], k: number) {
  return xs.find((x) => x === k);
}
