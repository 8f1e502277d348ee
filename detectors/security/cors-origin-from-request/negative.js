const express = require("express");
const app = express();
const ALLOWED = ["https://app.example.com", "https://admin.example.com"];

app.get("/a", function (req, res) {
  res.set("access-control-allow-origin", "https://app.example.com");
  res.set("X-Request-Id", "42");
  res.json({ ok: true });
});

app.get("/b", function (req, res) {
  const origin = req.headers.origin;
  if (ALLOWED.includes(origin)) {
    res.setHeader("Access-Control-Allow-Origin", origin);
  }
  res.end();
});

function corsFor(origin, res) {
  // A parameter: its callers decide.
  res.setHeader("Access-Control-Allow-Origin", origin);
}

app.get("/e", function (req, res) {
  const headers = {
    "Access-Control-Allow-Origin": "https://app.example.com",
    "Content-Language": req.headers["accept-language"],
  };
  res.writeHead(200, headers);
  res.end("{}");
});
