const express = require("express");
const app = express();

app.post("/message", async (req, res) => {
  var html = "<h1>" + "message: " + req.query.message + "</h1>"; // expect: tainted-html-string
  store(html);
  res.json({ ok: true });
});

app.get("/card", (req, res) => {
  const card = `<div class="card">${req.query.name}</div>`; // expect: tainted-html-string
  queue.push(card);
  res.end();
});

app.post("/banner", async (req, res) => {
  var html = "<h1> message";
  html = html.concat(req.query.message); // expect: tainted-html-string
  html = html.concat("</h1>");
  keep(html);
  res.end();
});

window.addEventListener("message", (event) => {
  const note = '<span title="' + event.data + '">note</span>'; // expect: tainted-html-string
  keep(note);
});

app.get("/notice", (req, res) => {
  showNotice("<b>" + req.query.text + "</b>"); // expect: tainted-html-string
  res.end();
});
