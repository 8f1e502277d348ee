export function find(id: string) {
  if (!id) throw new TypeError(`missing ${id}`);
  return id;
}
