const express = require("express");
const { spawn } = require("child_process");
const Koa = require("koa");
const Router = require("@koa/router");
const { MongoClient } = require("mongodb");
const serialize = require("node-serialize");

const app = express();
app.use(express.json());

function shell(cmd) {
  // ruleid: command-injection
  return spawn(cmd, { shell: true });
}

app.get("/a", (req, res) => {
  const { target } = req.query;
  shell("tar czf /tmp/out.tgz " + target);
  res.end();
});

function safeShell() {
  return shell("uptime");
}

app.post("/login", async (req, res) => {
  const users = (await MongoClient.connect("mongodb://localhost")).db("app").collection("users");
  // ruleid: nosql-injection
  const u = await users.findOne({ user: req.body.user, pass: req.body.pass });
  res.json(u);
});

app.post("/obj", (req, res) => {
  // ruleid: insecure-deserialization
  const obj = serialize.unserialize(req.cookies.profile);
  res.json(obj);
});

app.get("/loop", (req, res) => {
  const arr = [1, 2, 3];
  for (const i in arr) {
    console.log(i);
  }
  const n = parseInt(req.query.n);
  res.json({ n });
});

app.get("/set", (req, res) => {
  const target = {};
  const key = req.query.key;
  // ruleid: prototype-pollution
  target[key] = req.query.value;
  res.json(target);
});

const koa = new Koa();
const router = new Router();
router.get("/k", (ctx) => {
  // ruleid: reflected-xss
  ctx.body = "<b>" + ctx.query.name + "</b>";
});
router.get("/k2", (ctx) => {
  // ruleid: open-redirect
  ctx.redirect(ctx.query.url);
});
koa.use(router.routes());

async function sequential(ids, fetchOne) {
  const out = [];
  for (const id of ids) {
    out.push(await fetchOne(id));
  }
  return out;
}

module.exports = { safeShell, sequential };
