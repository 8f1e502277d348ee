const express = require("express");
const { execSync } = require("child_process");
const db = require("./db");
const app = express();

function buildFilter(field, value) {
  return `${field} = '${value}'`;
}

class Reporter {
  constructor(name) {
    this.name = name;
  }
  generate() {
    // ruleid: command-injection
    return execSync("report --for " + this.name).toString();
  }
}

app.get("/r", (req, res) => {
  res.send(new Reporter(req.query.name).generate());
});

app.get("/filter", async (req, res) => {
  const where = buildFilter("email", req.query.email);
  // ruleid: sql-injection
  const rows = await db.query("SELECT * FROM users WHERE " + where);
  res.json(rows);
});

app.get("/list", async (req, res) => {
  const ids = req.query.ids.split(",");
  const sql = "SELECT * FROM items WHERE id IN (" + ids.join(",") + ")";
  // ruleid: sql-injection
  res.json(await db.query(sql));
});

app.get("/num", async (req, res) => {
  const limit = parseInt(req.query.limit, 10);
  // ok: sql-injection
  res.json(await db.query("SELECT * FROM items LIMIT " + limit));
});
