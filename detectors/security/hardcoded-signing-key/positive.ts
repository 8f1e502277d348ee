import jwt from "jsonwebtoken";

export function check(token: string): unknown {
  return jwt.verify(token, `hs256-key`); // expect: hardcoded-signing-key
}
