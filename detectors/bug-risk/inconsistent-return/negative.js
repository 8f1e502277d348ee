function find(xs, k) {
  for (const x of xs) { if (x === k) return x; }
  return null;
}
