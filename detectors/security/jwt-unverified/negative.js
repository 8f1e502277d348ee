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

const jwtDecode = require("jwt-decode");
const claims = { decode: (t) => t };

function isAdmin(token, key) {
  const jsonwt = require("jsonwebtoken");
  jsonwt.verify(token, key);
  return jsonwt.decode(token).admin === true && claims.decode(token) && jwtDecode(token);
}
