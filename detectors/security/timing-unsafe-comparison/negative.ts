export function check(count: number, limit: number): boolean {
  return count !== limit;
}
