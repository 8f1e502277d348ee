export function make() {
  const resetToken = String(Math.random()); // expect: insecure-random
  return resetToken;
}

export function newSession(): string {
  const sessId = Math.random().toString(36); // expect: insecure-random
  return sessId;
}
