import * as crypto from "crypto";
export function sign(t: string) {
  return crypto.createHash("sha1").update(t).digest("hex"); // expect: weak-hash
}
import { createHash } from "crypto";
export function hashPassword(password: string) {
  return createHash("md5").update(password).digest("hex"); // expect: weak-hash
}
