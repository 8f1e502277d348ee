const express = require("express");
const app = express();

app.get("/export", async (req, res) => {
  try {
    res.json(await runExport());
  } catch (err) {
    res.status(500).send(err.stack); // expect: stack-trace-exposure
  }
});

async function koaErrors(ctx, next) {
  try {
    await next();
  } catch (err) {
    ctx.body = err.stack; // expect: stack-trace-exposure
  }
}
