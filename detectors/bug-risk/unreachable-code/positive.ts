export function total(items: number[]): number {
  return items.reduce((a, b) => a + b, 0);
  console.log("summed"); // expect: unreachable-code
}

export function kind(x: number): string {
  switch (x) {
    case 1:
      return "one";
      x += 1; // expect: unreachable-code
    default:
      throw new Error("no");
  }
}
