import bcrypt from "bcrypt";
export const hash = (pw: string) => bcrypt.hash(pw, 12);
import { createHash } from "crypto";
export function hashBody(body: string): string {
  return createHash("sha512").update(body).digest("hex");
}
