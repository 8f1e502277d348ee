function find(id) {
  if (!id) throw new Error("missing id");
  return id;
}
