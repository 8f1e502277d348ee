const https = require("https");
const crypto = require("crypto");
const jwt = require("jsonwebtoken");
const express = require("express");
const app = express();

// ruleid: tls-verification-disabled
const agent = new https.Agent({ rejectUnauthorized: false });

function encrypt(key, text) {
  // ruleid: weak-cipher
  const cipher = crypto.createCipheriv("des-ede3-cbc", key, Buffer.alloc(8));
  return cipher.update(text, "utf8", "hex") + cipher.final("hex");
}

app.get("/me", (req, res) => {
  // ruleid: jwt-unverified
  const claims = jwt.decode(req.headers.authorization);
  res.json({ user: claims.sub });
});

app.get("/me-verified", (req, res) => {
  // ok: jwt-unverified
  const verified = jwt.verify(req.headers.authorization, process.env.JWT_SECRET);
  res.json({ user: verified.sub });
});

app.use((req, res, next) => {
  // ruleid: permissive-cors
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin);
  res.setHeader("Access-Control-Allow-Credentials", "true");
  next();
});

app.post("/hash", (req, res) => {
  // ruleid: insecure-password-hash
  const hashed = crypto.createHash("sha256").update(req.body.password).digest("hex");
  res.json({ hashed });
});

app.get("/page", (req, res) => {
  // ruleid: header-injection
  res.setHeader("Content-Disposition", "attachment; filename=" + req.query.name);
  res.end();
});
