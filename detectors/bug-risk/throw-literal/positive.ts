export function find(id: string) {
  if (!id) throw `missing ${id}`; // expect: throw-literal
  return id;
}
