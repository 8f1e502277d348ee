import { createCipheriv, randomBytes } from "crypto";

export function seal(key: Buffer, text: string): string {
  const iv: Buffer = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  return iv.toString("hex") + cipher.update(text, "utf8", "hex") + cipher.final("hex");
}
