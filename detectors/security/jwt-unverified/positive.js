const jwt = require("jsonwebtoken");

function user(token) {
  return jwt.decode(token).sub; // expect: jwt-unverified
}

function check(token, key) {
  return jwt.verify(token, key, { algorithms: ["none"] }); // expect: jwt-unverified
}

const jsonwt = require("jsonwebtoken");

function isAdmin(token) {
  return jsonwt.decode(token).admin === true; // expect: jwt-unverified
}
