export function total(items: number[]): number {
  return sum(items);

  function sum(values: number[]): number {
    return values.reduce((a, b) => a + b, 0);
  }
}

export function kind(x: number): string {
  switch (x) {
    case 1:
      return "one";
    default:
      throw new Error("no");
  }
}
