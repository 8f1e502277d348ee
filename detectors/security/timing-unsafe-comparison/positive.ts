export function check(signature: string, computed: string): boolean {
  return signature !== computed; // expect: timing-unsafe-comparison
}
