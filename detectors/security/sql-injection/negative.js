function find(req, db) {
  return db.query("SELECT * FROM t WHERE id = ?", [req.query.id]);
}
