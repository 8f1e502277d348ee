import * as crypto from "crypto";
export function sign(t: string) {
  return crypto.createHash("sha1").update(t).digest("hex"); // expect: weak-hash
}
