const express = require("express");
const vm = require("vm");
const path = require("path");
const app = express();

app.get("/file", (req, res) => {
  // ruleid: path-traversal
  res.sendFile(path.join(__dirname, "public", req.query.name));
  // ok: path-traversal
  res.sendFile(req.query.name, { root: path.join(__dirname, "public") });
});

app.post("/calc", (req, res) => {
  // ruleid: code-injection
  const out = vm.runInNewContext(req.body.expr, {});
  // ruleid: code-injection
  const fn = new Function("a", req.body.code);
  res.json({ out });
});

app.get("/user/:id", async (req, res) => {
  // ruleid: sql-injection
  const rows = await pool.query("SELECT * FROM users WHERE id = " + req.params.id);
  // ok: sql-injection
  const safe = await pool.query("SELECT * FROM users WHERE id = $1", [req.params.id]);
  // ruleid: reflected-xss
  res.send(`<p>${req.params.id}</p>`);
});

app.get("/merge", (req, res) => {
  const target = {};
  // ruleid: prototype-pollution
  for (const key in req.body) { target[key] = req.body[key]; }
  // ruleid: redos
  const re = new RegExp(req.query.pattern);
  res.json(target);
});
