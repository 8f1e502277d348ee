import bcrypt from "bcrypt";
export const hash = (pw: string) => bcrypt.hash(pw, 12);
import { createHash } from "crypto";
export function hashBody(body: string): string {
  return createHash("sha512").update(body).digest("hex");
}
import { createHmac } from "crypto";
export function signReset(key: string, password: string): string {
  const mac = createHmac("sha256", key);
  mac.update(password);
  return mac.digest("hex");
}
