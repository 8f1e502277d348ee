import bcrypt from "bcrypt";
export const hash = (pw: string) => bcrypt.hash(pw, 6); // expect: insecure-password-hash
import { createHash } from "crypto";
export function hashPassword(secret: string): string {
  return createHash("sha512").update(secret).digest("hex"); // expect: insecure-password-hash
}
export function register(form: { password: string }): string {
  const h = createHash("md5");
  h.update(form.password); // expect: insecure-password-hash
  return h.digest("hex");
}
