function f() {
  // compute first, then save
  // the order matters
  return 1;
}
