export function check(signature: string, computed: string): boolean {
  return signature !== computed; // expect: timing-unsafe-comparison
}
export function fromHeaders(headers: Headers, expected: string): boolean {
  return headers.get("x-signature") === expected; // expect: timing-unsafe-comparison
}
