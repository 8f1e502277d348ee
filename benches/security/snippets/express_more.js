const express = require("express");
const { exec, execSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const crypto = require("crypto");
const jwt = require("jsonwebtoken");
const serialize = require("node-serialize");
const _ = require("lodash");
const User = require("./models/user");

const app = express();
app.use(express.json());

app.get("/ls", (req, res) => {
  // ruleid: command-injection
  const out = execSync(`ls ${req.query.dir}`);
  res.send(out);
});

app.get("/go", (req, res) => {
  // ruleid: open-redirect
  res.redirect(req.query.url);
});

app.get("/hello", (req, res) => {
  // ruleid: reflected-xss
  res.send("<h1>Hello " + req.query.name + "</h1>");
});

app.get("/file", (req, res) => {
  // ruleid: path-traversal
  fs.readFile(path.join(__dirname, "files", req.query.name), (err, data) => res.send(data));
});

app.post("/calc", (req, res) => {
  // ruleid: code-injection
  const fn = new Function("return " + req.body.expr);
  res.json({ value: fn() });
});

app.post("/search", async (req, res) => {
  // ruleid: nosql-injection
  const users = await User.find({ $where: req.body.filter });
  res.json(users);
});

app.post("/merge", (req, res) => {
  const settings = {};
  // ruleid: prototype-pollution
  _.merge(settings, req.body);
  res.json(settings);
});

app.post("/restore", (req, res) => {
  // ruleid: insecure-deserialization
  const obj = serialize.unserialize(req.body.state);
  res.json(obj);
});

app.get("/re", (req, res) => {
  // ruleid: regex-injection
  const re = new RegExp(req.query.pattern);
  res.json({ ok: re.test("abc") });
});

app.get("/token", (req, res) => {
  // ruleid: jwt-none-algorithm
  const claims = jwt.verify(req.query.t, "secret", { algorithms: ["none", "HS256"] });
  res.json(claims);
});

function encrypt(text, key) {
  // ruleid: weak-cipher
  const cipher = crypto.createCipheriv("des-ecb", key, null);
  return cipher.update(text, "utf8", "hex") + cipher.final("hex");
}

app.get("/run", (req, res) => {
  const cmd = req.query.cmd;
  // ruleid: command-injection
  exec(cmd, (err, stdout) => res.send(stdout));
});

app.get("/safe", (req, res) => {
  // ok: command-injection
  exec("uptime", (err, stdout) => res.send(stdout));
});

module.exports = { app, encrypt };
