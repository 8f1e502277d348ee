import * as crypto from "crypto";
export function etag(t: string) {
  return crypto.createHash("md5").update(t).digest("hex");
}
