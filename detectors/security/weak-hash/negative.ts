import * as crypto from "crypto";
export function etag(t: string) {
  return crypto.createHash("md5").update(t).digest("hex");
}
import { createHash } from "crypto";
export function hashPassword(password: string) {
  return createHash("sha256").update(password).digest("hex");
}
