export function reset(count: unknown, flag: unknown): boolean {
  if (count == "0") return true; // expect: loose-equality
  return flag != false; // expect: loose-equality
}
