const Koa = require("koa");
const Router = require("@koa/router");
const fs = require("fs");
const path = require("path");
const app = new Koa();
const router = new Router();

router.get("/file", async (ctx) => {
  // ruleid: path-traversal
  ctx.body = fs.readFileSync(path.join(__dirname, "files", ctx.query.name));
});

router.get("/file-safe", async (ctx) => {
  // ok: path-traversal
  ctx.body = fs.readFileSync(path.join(__dirname, "files", path.basename(ctx.query.name)));
});

router.post("/users", async (ctx) => {
  const { name } = ctx.request.body;
  // ruleid: nosql-injection
  const user = await User.findOne({ $where: "this.name == '" + name + "'" });
  // ruleid: xss
  ctx.body = "<h1>" + name + "</h1>";
});

router.get("/go", async (ctx) => {
  // ruleid: open-redirect
  ctx.redirect(ctx.query.next);
  // ok: open-redirect
  ctx.redirect("/home");
});
