const jwt = require("jsonwebtoken");

function user(token) {
  return jwt.decode(token).sub; // expect: jwt-unverified
}

function check(token, key) {
  return jwt.verify(token, key, { algorithms: ["none"] }); // expect: jwt-unverified
}
