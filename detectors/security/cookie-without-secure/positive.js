const express = require("express");
const app = express();
app.post("/login", (req, res) => {
  res.cookie("session", req.sessionID); // audit: cookie-without-secure
  res.cookie("remember", "1", { httpOnly: true, maxAge: 86400000 }); // audit: cookie-without-secure
  res.send("ok");
});
async function koa(ctx) {
  ctx.cookies.set("session", ctx.state.sid, { httpOnly: true }); // audit: cookie-without-secure
}
module.exports = { app, koa };
