const express = require("express");
const app = express();

app.post("/message", async (req, res) => {
  const text = "message: " + req.query.message;
  const fixed = "<h1>" + "Welcome" + "</h1>";
  const count = "<p>" + Number(req.query.count) + "</p>";
  console.log("<div>" + req.query.message + "</div>");
  res.json({ text, fixed, count });
});

function banner(name) {
  // A parameter: its callers decide.
  return "<b>" + name + "</b>";
}

document.getElementById("out").innerHTML = "<p>" + location.hash + "</p>"; // the assignment is its own sink

app.get("/logged", (req, res) => {
  console.log("<b>" + req.query.text + "</b>");
  res.end();
});
