function make() {
  const sessionToken = Math.random().toString(36); // expect: insecure-random
  return sessionToken;
}
function generateToken() {
  return Math.random().toString(36).slice(2); // expect: insecure-random
}
