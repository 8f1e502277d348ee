function total(items) {
  return items.reduce((a, b) => a + b, 0);
  console.log("summed"); // expect: unreachable-code
}

function kind(x) {
  switch (x) {
    case 1:
      return "one";
      x += 1; // expect: unreachable-code
    default:
      throw new Error("no");
  }
}
