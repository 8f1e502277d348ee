function find(req, db) {
  return db.query("SELECT * FROM t WHERE id = ?", [req.query.id]);
}
const LIMIT = 10;
function page(db, store) {
  const ids = store.ids();
  return db.query("SELECT * FROM t LIMIT " + LIMIT, ids);
}
const util = require("util");
async function byName(req, sequelize) {
  const query = util.format("SELECT * FROM users WHERE name = '%s'", "admin");
  return sequelize.query(query, { replacements: [req.query.name] });
}
const mysql = require("mysql");
function byId(req, connection) {
  const sql = mysql.format("SELECT * FROM users WHERE id = ?", [req.query.id]);
  return connection.query(sql);
}
const pgp = require("pg-promise")();
const db = pgp(process.env.DATABASE_URL);
app.get("/products", async (req, res) => {
  res.json(await db.manyOrNone("SELECT * FROM product WHERE category = $1", [req.query.category]));
});
// Values under a key of the query object are bound, not spliced into the SQL.
app.get("/books", (req, res) => {
  connection.query({ sql: "SELECT * FROM books WHERE author = ?", values: [req.query.author] }, (e, rows) => res.json(rows));
});
