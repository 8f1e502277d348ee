import jwt from "jsonwebtoken";

export function check(token: string, key: string): unknown {
  return jwt.verify(token, key);
}
