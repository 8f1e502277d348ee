const express = require("express");
const { exec, execFile } = require("child_process");
const fs = require("fs");
const path = require("path");
const axios = require("axios");
const _ = require("lodash");
const crypto = require("crypto");
const { MongoClient } = require("mongodb");

const app = express();
app.use(express.json());

function runTool(name) {
  // ruleid: command-injection
  exec(`tool --name ${name}`, (err, out) => console.log(out));
}

app.get("/tool", (req, res) => {
  const { name } = req.query;
  runTool(name);
  // ok: command-injection
  execFile("tool", ["--name", name]);
  res.end();
});

app.get("/download", (req, res) => {
  const file = req.query.file;
  const full = path.join(__dirname, "uploads", file);
  // ruleid: path-traversal
  fs.createReadStream(full).pipe(res);
});

app.get("/preview", async (req, res) => {
  // ruleid: ssrf
  const page = await axios.get(req.query.url);
  res.send(page.data);
});

app.post("/settings", (req, res) => {
  const settings = {};
  // ruleid: prototype-pollution
  _.merge(settings, req.body);
  res.json(settings);
});

app.post("/login", async (req, res) => {
  const users = (await MongoClient.connect("mongodb://db")).db("app").collection("users");
  // ruleid: nosql-injection
  const user = await users.findOne({ name: req.body.name, password: req.body.password });
  // ok: nosql-injection
  const safe = await users.findOne({ name: String(req.body.name) });
  // ruleid: session-cookie-not-secure
  res.cookie("sid", user._id.toString(), { httpOnly: true });
  // ok: session-cookie-not-secure
  res.cookie("sid", user._id.toString(), { httpOnly: true, secure: true, sameSite: "lax" });
  res.json({ ok: !!user && !!safe });
});

app.get("/search", (req, res) => {
  const q = req.query.q;
  // ruleid: reflected-xss
  res.send("<h2>Results for " + q + "</h2>");
});

app.get("/next", (req, res) => {
  // ruleid: open-redirect
  res.redirect(req.query.returnTo);
});

app.get("/session", (req, res) => {
  // ruleid: insecure-random
  const sid = Math.random().toString(36).slice(2);
  // ruleid: weak-hash
  const etag = crypto.createHash("md5").update(req.query.v).digest("hex");
  res.cookie("sid", sid);
  res.set("ETag", etag).end();
});

app.get("/timer", (req, res) => {
  // ruleid: code-injection
  setTimeout("doWork(" + req.query.n + ")", 100);
  res.end();
});
