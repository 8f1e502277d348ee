function same(a, b, x) {
  return a.id === b.id || x !== x;
}
