export function reset(count: number, value: unknown, kind: unknown): boolean {
  if (count === 0) return true;
  if (value == null) return false;
  if (typeof kind == "string") return kind !== "";
  return value != undefined;
}
