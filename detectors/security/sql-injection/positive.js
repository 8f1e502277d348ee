function find(req, db) {
  return db.query("SELECT * FROM t WHERE id = " + req.query.id); // expect: sql-injection
}
function monthly(db, store) {
  const table = store.tableName();
  return db.query(`SELECT * FROM ${table}`); // audit: sql-injection
}
const util = require("util");
async function byName(req, sequelize) {
  const query = util.format("SELECT * FROM users WHERE name = '%s'", req.query.name);
  return sequelize.query(query); // expect: sql-injection
}
