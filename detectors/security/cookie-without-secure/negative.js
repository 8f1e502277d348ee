const express = require("express");
const app = express();
const secureCookie = { secure: true, httpOnly: true, sameSite: "lax" };
app.post("/login", (req, res) => {
  res.cookie("session", req.sessionID, { secure: true, httpOnly: true, sameSite: "lax" });
  res.cookie("remember", "1", { ...secureCookie, maxAge: 86400000 });
  res.clearCookie("old");
  res.send("ok");
});
async function koa(ctx) {
  ctx.cookies.set("session", ctx.state.sid, { secure: true, httpOnly: true });
}
module.exports = { app, koa };
