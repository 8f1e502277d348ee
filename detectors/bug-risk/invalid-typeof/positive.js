function isSet(value) {
  return typeof value !== "undefned"; // expect: invalid-typeof
}
