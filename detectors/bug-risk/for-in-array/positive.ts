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
  return sum;
}

export const average = (values: number[]): number => {
  let sum = 0;
  for (const i in values) { // expect: for-in-array
    sum += values[i];
  }
  return sum / values.length;
};
