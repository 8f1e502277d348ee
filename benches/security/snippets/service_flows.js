// Flows through helpers, classes and containers in an Express service.
const { exec } = require("child_process");
const fs = require("fs");
const path = require("path");
const express = require("express");
const mysql = require("mysql2");
const fetch = require("node-fetch");

const app = express();
const pool = mysql.createPool({ host: "db" });

function whereName(name) {
  return "SELECT id FROM users WHERE name = '" + name + "'";
}

class Thumbnailer {
  constructor(req) {
    this.source = req.query.src;
  }
  run(done) {
    // ruleid: command-injection
    exec("convert " + this.source + " -resize 64x64 thumb.png", done);
  }
}

app.get("/lookup", (req, res) => {
  // ruleid: sql-injection
  pool.query(whereName(req.query.name), (err, rows) => res.json(rows));
});

app.get("/thumb", (req, res) => {
  new Thumbnailer(req).run(() => res.sendStatus(204));
});

app.get("/docs", (req, res) => {
  const options = { root: "/srv/docs", name: req.query.page };
  // ruleid: path-traversal
  fs.readFile(path.join(options.root, options.name), "utf8", (err, text) => res.send(text));
});

app.get("/widget", (req, res) => {
  const parts = ["<div class='widget'>", req.query.title, "</div>"];
  // ruleid: reflected-xss
  res.send(parts.join(""));
});

app.post("/import", async (req, res) => {
  const { source } = req.body;
  // ruleid: ssrf
  const upstream = await fetch(source);
  res.json(await upstream.json());
});

app.get("/sorted", (req, res) => {
  const order = req.query.order === "desc" ? "DESC" : "ASC";
  // ok: sql-injection
  pool.query("SELECT * FROM items ORDER BY created " + order, (err, rows) => res.json(rows));
});

app.get("/page", (req, res) => {
  const page = parseInt(req.query.page, 10);
  // ok: sql-injection
  pool.query("SELECT * FROM items LIMIT 20 OFFSET " + page * 20, (err, rows) => res.json(rows));
});

document.addEventListener("DOMContentLoaded", () => {
  const params = new URLSearchParams(window.location.search);
  // ruleid: xss
  document.getElementById("greeting").innerHTML = "Hi " + params.get("name");
  // ok: xss
  document.getElementById("greeting").textContent = "Hi " + params.get("name");
});

window.addEventListener("message", (event) => {
  // ruleid: code-injection
  eval(event.data.code);
});
