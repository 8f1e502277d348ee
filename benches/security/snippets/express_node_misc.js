const express = require("express");
const crypto = require("crypto");
const { execSync, spawn } = require("child_process");
const fs = require("fs");
const path = require("path");
const axios = require("axios");
const jwt = require("jsonwebtoken");
const yaml = require("js-yaml");
const serialize = require("node-serialize");
const _ = require("lodash");

const app = express();
app.use(express.json());

app.get("/dns", (req, res) => {
  // ruleid: command
  const out = execSync("nslookup " + req.query.host);
  res.send(out.toString());
});

app.get("/dns-safe", (req, res) => {
  // ok: command
  const child = spawn("nslookup", [req.query.host]);
  child.stdout.pipe(res);
});

app.get("/shell", (req, res) => {
  // ruleid: command
  const child = spawn("sh", ["-c", req.query.cmd]);
  child.stdout.pipe(res);
});

app.get("/view", (req, res) => {
  // ruleid: path
  fs.createReadStream(path.join(__dirname, "public", req.query.file)).pipe(res);
});

app.get("/download", (req, res) => {
  // ruleid: path
  res.download(req.query.file);
});

app.get("/page", (req, res) => {
  // ruleid: path
  res.render(req.query.view, { user: req.user });
});

app.get("/proxy", async (req, res) => {
  // ruleid: ssrf
  const r = await axios.get(req.query.url);
  res.json(r.data);
});

app.get("/hdr", (req, res) => {
  // ruleid: header
  res.setHeader("X-Trace", req.query.trace);
  res.end();
});

app.post("/token", (req, res) => {
  // ruleid: secret
  const token = jwt.sign({ id: req.body.id }, "my-super-secret-signing-key-2024");
  res.json({ token });
});

app.post("/verify", (req, res) => {
  // ruleid: jwt
  const claims = jwt.verify(req.body.token, process.env.KEY, { algorithms: ["HS256", "none"] });
  res.json(claims);
});

app.post("/verify-ok", (req, res) => {
  // ok: jwt
  const claims = jwt.verify(req.body.token, process.env.KEY, { algorithms: ["HS256"] });
  res.json(claims);
});

app.post("/load", (req, res) => {
  // ruleid: deserialization
  const obj = serialize.unserialize(req.body.data);
  res.json(obj);
});

app.post("/yaml", (req, res) => {
  // ruleid: deserialization
  const doc = yaml.load(req.body.doc, { schema: yaml.DEFAULT_FULL_SCHEMA });
  res.json(doc);
});

app.post("/settings", (req, res) => {
  const settings = {};
  // ruleid: prototype-pollution
  _.merge(settings, req.body);
  res.json(settings);
});

app.post("/settings-safe", (req, res) => {
  const settings = {};
  // ok: prototype-pollution
  _.merge(settings, _.pick(req.body, ["theme", "lang"]));
  res.json(settings);
});

app.get("/search", (req, res) => {
  // ruleid: regex
  const re = new RegExp(req.query.pattern);
  res.json(["a", "b"].filter((s) => re.test(s)));
});

app.get("/search-safe", (req, res) => {
  const escaped = _.escapeRegExp(req.query.pattern);
  // ok: regex
  const re = new RegExp(escaped);
  res.json(["a", "b"].filter((s) => re.test(s)));
});

function sessionId() {
  // ruleid: random
  return Math.random().toString(36).slice(2);
}

function jitter() {
  // ok: random
  return Math.floor(Math.random() * 100);
}

function hashPassword(pw) {
  // ruleid: weak-hash
  return crypto.createHash("md5").update(pw).digest("hex");
}

function encrypt(data, key) {
  // ruleid: weak-cipher
  const cipher = crypto.createCipheriv("des-ede3-cbc", key, Buffer.alloc(8));
  return cipher.update(data);
}

app.get("/echo", (req, res) => {
  // ruleid: xss
  res.send(`<div>${req.query.msg}</div>`);
});

app.get("/echo-safe", (req, res) => {
  // ok: xss
  res.json({ msg: req.query.msg });
});

app.get("/login", (req, res) => {
  // ruleid: redirect
  res.redirect(302, req.query.returnTo);
});

app.post("/users", async (req, res) => {
  const db = req.app.locals.db;
  // ruleid: nosql
  const user = await db.collection("users").findOne({ $where: "this.name == '" + req.body.name + "'" });
  res.json(user);
});

app.listen(3000);
