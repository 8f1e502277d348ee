export function find(db: any, id: string) {
  return db.query(`SELECT * FROM t WHERE id = ${id}`); // expect: sql-injection
}
