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
const pgp = require("pg-promise")();
const db = pgp(process.env.DATABASE_URL);
app.get("/products", async (req, res) => {
  const sql = "SELECT * FROM product WHERE category = '" + req.query.category + "'";
  res.json(await db.manyOrNone(sql)); // expect: sql-injection
});

// Built in one helper, run in another: the line that builds it and the route's call.
function runQuery(sql) {
  return db.query(sql);
}

function findUser(name) {
  return runQuery("SELECT * FROM users WHERE name = '" + name + "'"); // expect: sql-injection
}

app.get("/user-by-name", (req, res) => {
  res.json(findUser(req.query.name)); // expect: sql-injection
});
