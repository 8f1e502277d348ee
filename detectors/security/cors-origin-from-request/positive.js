const express = require("express");
const app = express();

app.get("/a", function (req, res) {
  const origin = req.query.origin;
  res.writeHead(200, { "Access-Control-Allow-Origin": origin }); // expect: cors-origin-from-request
});

app.get("/b", function (req, res) {
  res.set({ "Content-Length": 123, "access-control-allow-origin": req.body.origin, ETag: "1" }); // expect: cors-origin-from-request
});

app.get("/c", function (req, res) {
  let origin = req.headers.origin;
  res.set("access-control-allow-origin", origin); // expect: cors-origin-from-request
  res.json({ ok: true });
});

app.get("/d", function (req, res) {
  let origin = req.headers["origin"];
  if (!origin) {
    origin = "*";
  }
  const headers = {
    "Access-Control-Allow-Origin": origin,
    "Content-Type": "application/json",
  };
  res.writeHead(200, headers); // expect: cors-origin-from-request
  res.end("{}");
});
