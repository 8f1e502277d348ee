import * as jwt from "jsonwebtoken";

export function user(token, key) {
  return jwt.verify(token, key, { algorithms: ["HS256"] }).sub;
}

export function parse(text) {
  return JSON.parse(decodeURIComponent(text));
}
