export function first(): string {
  for (const x in [1, 2, 3]) { // expect: for-in-array
    return x;
  }
  return "";
}

export function total(prices: number[]): number {
  let sum = 0;
  for (const i in prices) { // expect: for-in-array
    sum += prices[i];
  }
  const extra: Array<number> = [];
  for (const j in extra) { // expect: for-in-array
    sum += extra[j];
  }
  return sum;
}
