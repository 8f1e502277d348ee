const jwt = require("jsonwebtoken");

function user(token, key) {
  return jwt.verify(token, key, { algorithms: ["HS256"] }).sub;
}

function parse(text) {
  return JSON.parse(decodeURIComponent(text));
}

function claims(token, key) {
  jwt.verify(token, key, { algorithms: ["HS256"] });
  return jwt.decode(token, { complete: true }).header;
}
