function find(xs, k) { // expect: inconsistent-return
  for (const x of xs) { if (x === k) return x; }
  return;
}
