const Koa = require("koa");
const Router = require("@koa/router");
const fastify = require("fastify")();
const vm = require("vm");
const fs = require("fs");
const { spawn } = require("child_process");
const libxmljs = require("libxmljs");
const _ = require("lodash");
const crypto = require("crypto");
const User = require("./models/user");

const app = new Koa();
const router = new Router();

router.get("/eval", (ctx) => {
  // ruleid: code
  ctx.body = String(vm.runInNewContext(ctx.query.expr));
});

router.get("/fn", (ctx) => {
  // ruleid: code
  const f = new Function("a", ctx.request.body.code);
  ctx.body = String(f(1));
});

router.get("/file", (ctx) => {
  // ruleid: path
  ctx.body = fs.createReadStream("/srv/files/" + ctx.params.name);
});

router.post("/run", (ctx) => {
  // ruleid: command
  spawn(ctx.request.body.cmd, { shell: true });
  // ok: command
  spawn("ls", ["-la", ctx.request.body.dir]);
  ctx.body = "ok";
});

router.post("/xml", (ctx) => {
  // ruleid: xxe
  const doc = libxmljs.parseXml(ctx.request.body, { noent: true });
  ctx.body = doc.toString();
});

router.post("/merge", (ctx) => {
  // ruleid: proto
  const conf = _.merge({}, ctx.request.body);
  ctx.body = conf;
});

router.post("/profile", async (ctx) => {
  const user = await User.findById(ctx.state.userId);
  // ruleid: mass
  Object.assign(user, ctx.request.body);
  await user.save();
  ctx.body = "ok";
});

router.get("/search", async (ctx) => {
  // ruleid: nosql
  const users = await User.find({ $where: "this.name == '" + ctx.query.name + "'" });
  // ruleid: regex
  const re = new RegExp(ctx.query.pattern);
  ctx.body = users.filter((u) => re.test(u.name));
});

router.get("/go", (ctx) => {
  // ruleid: redirect
  ctx.redirect(ctx.query.next);
});

fastify.get("/hello", async (request, reply) => {
  // ruleid: xss
  reply.type("text/html").send("<h1>" + request.query.name + "</h1>");
});

fastify.get("/hash", async (request, reply) => {
  // ruleid: weak-hash
  return crypto.createHash("md5").update(request.query.pw).digest("hex");
});

function token() {
  // ruleid: random
  const sessionToken = Math.random().toString(36).slice(2);
  return sessionToken;
}
