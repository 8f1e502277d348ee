function find(req, db) {
  return db.query("SELECT * FROM t WHERE id = ?", [req.query.id]);
}
const LIMIT = 10;
function page(db, store) {
  const ids = store.ids();
  return db.query("SELECT * FROM t LIMIT " + LIMIT, ids);
}
