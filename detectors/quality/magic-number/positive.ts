export function strong(password: string): boolean {
  return password.length >= 12; // expect: magic-number
}
