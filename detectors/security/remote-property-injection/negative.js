const express = require("express");
const app = express();
const registry = {};
const handlers = new Map();

app.get("/register", (req, res) => {
  const name = "$" + req.query.name;
  registry[name] = function () {};
  handlers.set(req.query.name, () => {});
  res.send("ok");
});

function index(items) {
  const byId = {};
  for (const item of items) {
    byId[item.id] = item;
  }
  return byId;
}

app.post("/nested", function (req, res) {
  const slots = [];
  slots[0] = req.body.value;
  res.send("ok");
});

app.post("/profile", (req, res) => {
  const profile = {};
  for (const field of ["name", "email"]) {
    profile[field] = req.body[field];
  }
  for (const [name, value] of Object.entries({ theme: "dark" })) {
    profile[name] = value;
  }
  res.json(profile);
});
