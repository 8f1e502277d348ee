function make() {
  const sessionToken = Math.random().toString(36); // expect: insecure-random
  return sessionToken;
}
