function find(req, db) {
  return db.query("SELECT * FROM t WHERE id = " + req.query.id); // expect: sql-injection
}
function monthly(db, store) {
  const table = store.tableName();
  return db.query(`SELECT * FROM ${table}`); // audit: sql-injection
}
