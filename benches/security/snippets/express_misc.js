const express = require("express");
const vm = require("vm");
const crypto = require("crypto");
const { execSync, spawn } = require("child_process");
const serialize = require("node-serialize");
const libxml = require("libxmljs");
const jwt = require("jsonwebtoken");
const mysql = require("mysql");
const fs = require("fs");

const app = express();
const db = mysql.createConnection({ host: "localhost" });

app.post("/run", (req, res) => {
  // ruleid: code
  const out = vm.runInNewContext(req.body.code, {});
  res.json({ out });
});

app.get("/module", (req, res) => {
  // ruleid: require
  const mod = require(req.query.name);
  res.json(Object.keys(mod));
});

app.get("/page", (req, res) => {
  // ruleid: template
  res.render(req.query.view);
});

app.post("/profile", (req, res) => {
  // ruleid: deserialization
  const obj = serialize.unserialize(req.cookies.profile);
  res.json(obj);
});

app.post("/xml", (req, res) => {
  // ruleid: xxe
  const doc = libxml.parseXml(req.body, { noent: true });
  res.send(doc.toString());
});

app.get("/log", (req, res) => {
  const branch = req.query.branch;
  // ruleid: command
  const out = execSync("git log " + branch);
  res.send(out);
});

app.get("/sh", (req, res) => {
  // ruleid: command
  const child = spawn("sh", ["-c", req.query.cmd]);
  child.stdout.pipe(res);
});

app.get("/user", (req, res) => {
  // ruleid: sql
  db.query("SELECT * FROM users WHERE id = " + req.query.id, (err, rows) => res.json(rows));
  // ok: sql
  db.query("SELECT * FROM users WHERE id = ?", [req.query.id], (err, rows) => res.json(rows));
});

app.get("/download", (req, res) => {
  // ruleid: path
  fs.createReadStream("/var/data/" + req.query.file).pipe(res);
});

app.post("/login", (req, res) => {
  // ruleid: secret
  const token = jwt.sign({ user: req.body.user }, "s3cr3t-signing-key-2019");
  // ruleid: cookie
  res.cookie("session", token, { httpOnly: false });
  res.send("ok");
});

app.get("/verify", (req, res) => {
  // ruleid: jwt
  const claims = jwt.verify(req.query.token, process.env.KEY, { algorithms: ["none"] });
  res.json(claims);
});

function encrypt(text, key) {
  // ruleid: crypto
  const cipher = crypto.createCipheriv("des-ecb", key, null);
  return cipher.update(text, "utf8", "hex") + cipher.final("hex");
}

app.get("/timer", (req, res) => {
  // ruleid: code
  setTimeout(req.query.code, 10);
  res.send("scheduled");
});

app.get("/fn", (req, res) => {
  // ruleid: code
  const f = new Function("return " + req.query.expr);
  res.send(String(f()));
});

app.get("/re", (req, res) => {
  // ruleid: redos
  const re = new RegExp(req.query.pattern);
  res.send(String(re.test(req.query.text)));
});

app.get("/hdr", (req, res) => {
  // ruleid: header
  res.setHeader("X-Trace", req.query.trace);
  res.end();
});

app.get("/safe", (req, res) => {
  const id = parseInt(req.query.id, 10);
  // ok: sql
  db.query("SELECT * FROM users WHERE id = " + id, (err, rows) => res.json(rows));
});

module.exports = { encrypt };
