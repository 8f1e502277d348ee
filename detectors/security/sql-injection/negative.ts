export function find(db: any, id: string) {
  return db.query("SELECT * FROM t WHERE id = $1", [id]);
}
