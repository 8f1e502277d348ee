export function first(): number {
  for (const x of [1, 2, 3]) {
    return x;
  }
  return 0;
}

export function total(prices: Record<string, number>, names: string[]): number {
  let sum = 0;
  for (const key in prices) {
    sum += prices[key];
  }
  const extra: Map<string, number> = new Map();
  for (const name of names) {
    sum += extra.get(name) ?? 0;
  }
  return sum;
}
