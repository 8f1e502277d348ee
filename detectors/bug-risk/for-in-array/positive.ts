export function first(): string {
  for (const x in [1, 2, 3]) { // expect: for-in-array
    return x;
  }
  return "";
}
