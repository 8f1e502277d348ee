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

app.post("/copy", (req, res) => {
  const profile = {};
  for (const field of Object.keys(req.body)) {
    profile[field] = req.body[field]; // expect: remote-property-injection
  }
  for (const [name, value] of Object.entries(req.query)) {
    profile[name] = value; // expect: remote-property-injection
  }
  res.json(profile);
});
