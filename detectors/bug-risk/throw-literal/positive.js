function find(id) {
  if (!id) throw "missing id"; // expect: throw-literal
  return id;
}
