function g(x) {
  return x > 9 ? 1 : 2;
}
