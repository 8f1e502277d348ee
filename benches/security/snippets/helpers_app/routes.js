const express = require("express");
const { exec } = require("child_process");
const helpers = require("./helpers");
const router = express.Router();

router.get("/lookup", (req, res) => {
  const q = helpers.normalise(req.query.q);
  helpers.runLookup(q, (out) => res.send(out));
});

router.get("/static", (req, res) => {
  helpers.runLookup("example.com", (out) => res.send(out));
});

router.post("/notes", (req, res) => {
  const { title, body } = req.body;
  const html = `<h2>${title}</h2><div>${body}</div>`;
  // ruleid: xss
  res.send(html);
});

router.get("/list", (req, res) => {
  const cols = [req.query.sort, "id"];
  const sql = "SELECT * FROM t ORDER BY " + cols.join(",");
  // ruleid: sql
  req.app.locals.db.query(sql, (e, r) => res.json(r));
});

module.exports = router;
