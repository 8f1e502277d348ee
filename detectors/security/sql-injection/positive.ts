export function find(db: any, id: string) {
  return db.query(`SELECT * FROM t WHERE id = ${id}`); // expect: sql-injection
}
export function monthly(db: any, store: any) {
  return db.query("SELECT * FROM " + store.tableName()); // audit: sql-injection
}
export async function search(req: any) {
  return prisma.$queryRawUnsafe(`SELECT * FROM items WHERE name = '${req.query.q}'`); // expect: sql-injection
}
