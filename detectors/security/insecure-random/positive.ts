export function make() {
  const resetToken = String(Math.random()); // expect: insecure-random
  return resetToken;
}
