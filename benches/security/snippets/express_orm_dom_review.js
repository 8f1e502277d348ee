const express = require("express");
const fs = require("fs");
const { Sequelize } = require("sequelize");
const knex = require("knex")({ client: "pg" });
const mongoose = require("mongoose");
const child_process = require("child_process");

const app = express();
const sequelize = new Sequelize("sqlite::memory:");
const User = mongoose.model("User", new mongoose.Schema({ name: String }));

app.get("/s", async (req, res) => {
  // ruleid: sql-injection
  const rows = await sequelize.query(`SELECT * FROM users WHERE name = '${req.query.name}'`);
  res.json(rows);
});

app.get("/k", async (req, res) => {
  // ruleid: sql-injection
  const rows = await knex.raw("SELECT * FROM t WHERE a = " + req.query.a);
  res.json(rows);
});

app.get("/k2", async (req, res) => {
  // ok: sql-injection
  const rows = await knex.raw("SELECT * FROM t WHERE a = ?", [req.query.a]);
  res.json(rows);
});

app.get("/m", async (req, res) => {
  // ruleid: nosql-injection
  const users = await User.find({ $where: "this.name == '" + req.query.name + "'" });
  res.json(users);
});

app.get("/stream", (req, res) => {
  // ruleid: path-traversal
  fs.createReadStream("/data/" + req.query.file).pipe(res);
});

app.get("/dl", (req, res) => {
  // ruleid: path-traversal
  res.download(req.query.path);
});

app.get("/view", (req, res) => {
  // ruleid: template-injection
  res.render(req.query.template, { user: req.user });
});

app.get("/loc", (req, res) => {
  // ruleid: open-redirect
  res.writeHead(302, { Location: req.query.u });
  res.end();
});

app.get("/run", (req, res) => {
  const args = req.query.args;
  // ruleid: command-injection
  const out = child_process.execSync(`git log ${args}`);
  res.send(out);
});

app.get("/tm", (req, res) => {
  // ruleid: code-injection
  setTimeout("process(" + req.query.x + ")", 100);
  res.end();
});

function client() {
  // ruleid: dom-xss
  document.write(location.search);
  const code = atob(location.hash.slice(1));
  // ruleid: code-injection
  eval(code);
  const u = new URLSearchParams(location.search).get("u");
  // ruleid: open-redirect
  location.assign(u);
  const frame = document.createElement("iframe");
  // ruleid: dom-url-injection
  frame.src = u;
}

module.exports = { client };
