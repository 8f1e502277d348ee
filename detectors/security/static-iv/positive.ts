import { createCipheriv } from "crypto";

export function seal(key: Buffer, text: string): string {
  const cipher = createCipheriv("aes-256-cbc", key, Buffer.from("fixed-iv-16bytes")); // expect: static-iv
  return cipher.update(text, "utf8", "hex") + cipher.final("hex");
}
