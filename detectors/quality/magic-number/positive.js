function strong(password) {
  return password.length >= 12; // expect: magic-number
}
