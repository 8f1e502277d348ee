function used(x) {
  return helper(x);
}

function helper(x) {
  return x + 1;
}

function unusedRender(x) { // expect: dead-code
  return x * 2;
}

module.exports = { used };
