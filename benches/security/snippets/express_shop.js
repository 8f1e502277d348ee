const express = require("express");
const fs = require("fs");
const path = require("path");
const { exec, execFile } = require("child_process");
const mysql = require("mysql2");
const mongoose = require("mongoose");
const axios = require("axios");
const crypto = require("crypto");
const serialize = require("node-serialize");
const vm = require("vm");

const app = express();
app.use(express.json());
const pool = mysql.createPool({ host: "localhost", user: "app", database: "shop" });
const User = mongoose.model("User", new mongoose.Schema({ name: String, password: String }));

function lookup(name, cb) {
  // ruleid: sql-injection
  pool.query("SELECT * FROM users WHERE name = '" + name + "'", cb);
}

app.get("/user", (req, res) => {
  lookup(req.query.name, (err, rows) => res.json(rows));
});

app.get("/user/safe", (req, res) => {
  // ok: sql-injection
  pool.query("SELECT * FROM users WHERE name = ?", [req.query.name], (err, rows) => res.json(rows));
});

app.post("/login", async (req, res) => {
  // ruleid: nosql-injection
  const user = await User.findOne({ name: req.body.name, password: req.body.password });
  res.json({ ok: !!user });
});

app.get("/report", (req, res) => {
  const file = req.query.file;
  // ruleid: path-traversal
  fs.readFile(path.join(__dirname, "reports", file), "utf8", (err, data) => res.send(data));
});

app.get("/report/safe", (req, res) => {
  const file = path.basename(req.query.file);
  // ok: path-traversal
  res.sendFile(file, { root: path.join(__dirname, "reports") });
});

app.get("/dns", (req, res) => {
  const domain = req.query.domain;
  // ruleid: command-injection
  exec(`nslookup ${domain}`, (err, out) => res.send(out));
});

app.get("/dns/safe", (req, res) => {
  // ok: command-injection
  execFile("nslookup", [req.query.domain], (err, out) => res.send(out));
});

app.get("/proxy", async (req, res) => {
  // ruleid: ssrf
  const r = await axios.get(req.query.url);
  res.send(r.data);
});

app.get("/hello", (req, res) => {
  const name = req.query.name;
  // ruleid: reflected-xss
  res.send("<h1>Hello " + name + "</h1>");
});

app.get("/hello/safe", (req, res) => {
  // ok: reflected-xss
  res.json({ hello: req.query.name });
});

app.post("/prefs", (req, res) => {
  // ruleid: insecure-deserialization
  const prefs = serialize.unserialize(req.cookies.prefs);
  res.json(prefs);
});

app.post("/rule", (req, res) => {
  const sandbox = { total: 0 };
  // ruleid: code-injection
  vm.runInNewContext(req.body.rule, sandbox);
  res.json(sandbox);
});

app.get("/redirect", (req, res) => {
  // ruleid: open-redirect
  res.redirect(req.query.to);
});

app.get("/token", (req, res) => {
  // ruleid: insecure-random
  const token = Math.random().toString(36).slice(2);
  res.json({ token });
});

app.get("/token/safe", (req, res) => {
  // ok: insecure-random
  const token = crypto.randomBytes(16).toString("hex");
  res.json({ token });
});

app.post("/merge", (req, res) => {
  const target = {};
  for (const key in req.body) {
    // ruleid: prototype-pollution
    target[key] = req.body[key];
  }
  res.json(target);
});

app.get("/digest", (req, res) => {
  // ruleid: insecure-hash
  const h = crypto.createHash("md5").update(req.query.v).digest("hex");
  res.send(h);
});

app.get("/header", (req, res) => {
  // ruleid: header-injection
  res.setHeader("X-Forwarded-User", req.query.user);
  res.end();
});

app.get("/re", (req, res) => {
  // ruleid: regex-injection
  const re = new RegExp(req.query.pattern);
  res.json({ ok: re.test("abc") });
});

app.listen(3000);
