function total(items) {
  return sum(items);

  function sum(values) {
    return values.reduce((a, b) => a + b, 0);
  }
}

function kind(x) {
  switch (x) {
    case 1:
      return "one";
    default:
      throw new Error("no");
  }
}
