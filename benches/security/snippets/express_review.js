const express = require("express");
const { exec, execFile } = require("child_process");
const fs = require("fs");
const path = require("path");
const mysql = require("mysql2");
const crypto = require("crypto");
const vm = require("vm");
const _ = require("lodash");
const axios = require("axios");

const app = express();
const db = mysql.createConnection({ host: "localhost" });

app.get("/user", (req, res) => {
  const id = req.query.id;
  // ruleid: sql-injection
  db.query("SELECT * FROM users WHERE id = " + id, (err, rows) => res.json(rows));
});

app.get("/user2", (req, res) => {
  // ok: sql-injection
  db.query("SELECT * FROM users WHERE id = ?", [req.query.id], (err, rows) => res.json(rows));
});

app.get("/lookup", (req, res) => {
  const domain = req.query.domain;
  // ruleid: command-injection
  exec(`nslookup ${domain}`, (err, stdout) => res.send(stdout));
});

app.get("/lookup2", (req, res) => {
  // ok: command-injection
  execFile("nslookup", [req.query.domain], (err, stdout) => res.send(stdout));
});

app.get("/file", (req, res) => {
  const p = path.join(__dirname, "public", req.params.name);
  // ruleid: path-traversal
  fs.readFile(p, "utf8", (err, data) => res.send(data));
});

app.get("/download", (req, res) => {
  // ruleid: path-traversal
  res.sendFile(req.query.file, { root: "/" });
});

app.get("/redirect", (req, res) => {
  // ruleid: open-redirect
  res.redirect(req.query.to);
});

app.get("/hello", (req, res) => {
  // ruleid: reflected-xss
  res.send("<p>Hello " + req.query.name + "</p>");
});

app.get("/hello2", (req, res) => {
  // ok: reflected-xss
  res.json({ greeting: "Hello " + req.query.name });
});

app.post("/calc", (req, res) => {
  // ruleid: code-injection
  const result = vm.runInNewContext(req.body.expr);
  res.send(String(result));
});

app.post("/merge", (req, res) => {
  const settings = {};
  // ruleid: prototype-pollution
  _.merge(settings, req.body);
  res.json(settings);
});

app.get("/proxy", async (req, res) => {
  // ruleid: ssrf
  const r = await axios.get(req.query.url);
  res.send(r.data);
});

app.get("/header", (req, res) => {
  // ruleid: header-injection
  res.setHeader("X-User", req.query.user);
  res.end();
});

app.get("/re", (req, res) => {
  // ruleid: regex-injection
  const re = new RegExp(req.query.pattern);
  res.send(String(re.test("abc")));
});

function token() {
  // ruleid: insecure-random
  return Math.random().toString(36).slice(2);
}

function hashPassword(pw) {
  // ruleid: weak-hash
  return crypto.createHash("md5").update(pw).digest("hex");
}

function encrypt(text, key) {
  // ruleid: weak-cipher
  const cipher = crypto.createCipheriv("des-ecb", key, null);
  return cipher.update(text, "utf8", "hex") + cipher.final("hex");
}

const https = require("https");
// ruleid: tls-verify-disabled
const agent = new https.Agent({ rejectUnauthorized: false });

app.listen(3000);
module.exports = { token, hashPassword, encrypt, agent };
