export function find(db: any, id: string) {
  return db.query("SELECT * FROM t WHERE id = $1", [id]);
}
export function byId(db: any, raw: string) {
  const id = parseInt(raw, 10);
  return db.query("SELECT * FROM t WHERE id = " + id);
}
export async function search(req: any) {
  return prisma.$queryRaw`SELECT * FROM items WHERE name = ${req.query.q}`;
}
