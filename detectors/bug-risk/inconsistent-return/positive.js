function find(xs, k) { // expect: inconsistent-return
  for (const x of xs) { if (x === k) return x; }
  return;
}

function* pick(items, wanted) { // expect: inconsistent-return
  for (const item of items) {
    yield item;
    if (item === wanted) return item;
  }
  return;
}
