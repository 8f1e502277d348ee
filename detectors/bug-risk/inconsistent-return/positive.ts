export function find(xs: number[], k: number) { // expect: inconsistent-return
  for (const x of xs) { if (x === k) return x; }
  return;
}
