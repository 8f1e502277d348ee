const express = require("express");
const fs = require("fs");
const jwt = require("jsonwebtoken");
const crypto = require("crypto");
const bcrypt = require("bcrypt");
const cors = require("cors");

const app = express();
// ruleid: permissive-cors
app.use(cors({ origin: "*", credentials: true }));

app.post("/write", (req, res) => {
  // ruleid: path-traversal
  fs.writeFile(req.body.path, req.body.content, () => res.end());
});

app.get("/plugin", (req, res) => {
  // ruleid: code-injection
  const plugin = require(req.query.module);
  res.json(plugin.info());
});

app.get("/html", (req, res) => {
  res.set("Content-Type", "text/html");
  // ruleid: reflected-xss
  res.end("<div>" + req.query.msg + "</div>");
});

function sign(user) {
  // ruleid: hardcoded-signing-key
  return jwt.sign({ sub: user.id }, "s3cr3t-signing-key-2024");
}

function verify(token) {
  // ruleid: jwt-unverified
  return jwt.verify(token, process.env.KEY, { algorithms: ["none", "HS256"] });
}

function legacyEncrypt(text, pass) {
  // ruleid: weak-cipher
  const c = crypto.createCipher("aes-128-cbc", pass);
  return c.update(text, "utf8", "hex") + c.final("hex");
}

function quickHash(pw) {
  // ruleid: insecure-password-hash
  return bcrypt.hashSync(pw, 4);
}

function keepToken(token) {
  // ruleid: sensitive-web-storage
  localStorage.setItem("authToken", token);
}

function load(url) {
  const u = new URLSearchParams(location.search).get("script");
  const s = document.createElement("script");
  // ruleid: dom-url-injection
  s.src = u;
  document.head.appendChild(s);
}

function replace(el) {
  // ruleid: dom-xss
  el.outerHTML = location.hash.slice(1);
}

app.listen(8080);
module.exports = { sign, verify, legacyEncrypt, quickHash, keepToken, load, replace };
