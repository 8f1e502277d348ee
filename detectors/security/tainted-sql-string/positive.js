const util = require("util");

app.get("/test2", async (req, res) => {
  let query = `SELECT * FROM users WHERE id = '${req.query.message}'`; // expect: tainted-sql-string
  res.send(await runLater(query));
});

app.get("/test3", async (req, res) => {
  let query = "SELECT * FROM `users` WHERE id = '";
  query = query.concat(req.query.message); // expect: tainted-sql-string
  query = query.concat("'");
  res.send(await runLater(query));
});

app.get("/test4", async (req, res) => {
  const query = util.format("UPDATE User SET name = '' WHERE id = '%s'", req.query.id); // expect: tainted-sql-string
  res.send(await runLater(query));
});
