export function g(x: number) { // expect: too-many-returns
  if (x > 9) return 1;
  if (x > 8) return 2;
  if (x > 7) return 3;
  if (x > 6) return 4;
  if (x > 5) return 5;
  if (x > 4) return 7;
  return 6;
}
export const pick = (x: number) => { // expect: too-many-returns
  if (x > 9) return 1;
  if (x > 8) return 2;
  if (x > 7) return 3;
  if (x > 6) return 4;
  if (x > 5) return 5;
  if (x > 4) return 7;
  return 6;
};
export function label(code: string, strict: boolean): string { // expect: too-many-returns
  if (strict) return "strict";
  if (!code) return "none";
  if (code.length > 9) return "long";
  if (code.length > 5) return "medium";
  if (code.length > 3) return "short";
  if (code.length > 2) return "tiny";
  switch (code) {
    case "a":
      return "first";
    default:
      return "other";
  }
}
