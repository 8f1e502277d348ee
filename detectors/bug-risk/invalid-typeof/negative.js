function isSet(value) {
  return typeof value !== "undefined";
}
