const express = require("express");
const axios = require("axios");
const http = require("http");
const { spawn, execSync } = require("child_process");
const fs = require("fs/promises");
const app = express();

app.get("/a", async (req, res) => {
  // ruleid: ssrf
  const r = await axios({ method: "get", url: req.query.u });
  res.send(r.data);
});

app.get("/b", (req, res) => {
  // ruleid: ssrf
  http.get({ host: req.query.h, path: "/" }, (r) => r.pipe(res));
});

app.get("/c", (req, res) => {
  // ruleid: command-injection
  spawn(req.query.cmd, { shell: true });
  res.end();
});

app.get("/d", async (req, res) => {
  const { name } = req.params;
  // ruleid: path-traversal
  const data = await fs.readFile(`/srv/data/${name}`);
  res.send(data);
});

app.get("/e", (req, res) => {
  const q = req.query;
  // ruleid: command-injection
  const out = execSync("git show " + q.rev);
  res.send(out);
});

app.post("/f", (req, res) => {
  const body = req.body;
  // ruleid: code-injection
  const fn = new Function("x", body.expr);
  res.json({ v: fn(1) });
});

app.get("/g", async (req, res) => {
  const url = new URL(req.query.u);
  // ruleid: ssrf
  const r = await fetch(url);
  res.send(await r.text());
});

app.get("/h", (req, res) => {
  // ruleid: open-redirect
  res.writeHead(302, { Location: req.query.next });
  res.end();
});

app.get("/i", (req, res) => {
  // ruleid: reflected-xss
  res.status(200).send(`<div>${req.query.msg}</div>`);
});

app.get("/j", (req, res) => {
  // ruleid: path-traversal
  res.download(req.query.file);
});

app.get("/k", (req, res) => {
  // ruleid: template-injection
  res.render(req.query.view);
});

app.get("/l", async (req, res) => {
  // ruleid: sql-injection
  const rows = await knex.raw(`select * from users where id = ${req.query.id}`);
  res.json(rows);
});

app.get("/m", async (req, res) => {
  // ruleid: sql-injection
  const rows = await prisma.$queryRawUnsafe(`SELECT * FROM users WHERE email = '${req.query.email}'`);
  res.json(rows);
});

app.get("/n", async (req, res) => {
  // ok: sql-injection
  const rows = await prisma.$queryRaw`SELECT * FROM users WHERE email = ${req.query.email}`;
  res.json(rows);
});

app.get("/o", (req, res) => {
  // ruleid: xss
  res.cookie("session", req.query.s, { httpOnly: false });
  res.end();
});
