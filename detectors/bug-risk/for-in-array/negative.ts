export function first(): number {
  for (const x of [1, 2, 3]) {
    return x;
  }
  return 0;
}
