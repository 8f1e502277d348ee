const express = require("express");
const app = express();
const registry = {};

app.get("/register", (req, res) => {
  const name = req.query.name;
  registry[name] = function () {}; // expect: remote-property-injection
  res.send("ok");
});

app.post("/settings", function (req, res) {
  registry[req.body.key] = req.body.value; // expect: remote-property-injection
  res.send("ok");
});
