import * as jwt from "jsonwebtoken";

export function user(token) {
  return jwt.decode(token).sub; // expect: jwt-unverified
}

export function check(token, key) {
  return jwt.verify(token, key, { algorithms: ["none"] }); // expect: jwt-unverified
}
