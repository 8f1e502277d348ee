const crypto = require("crypto");

function seal(key, text) {
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv("aes-256-cbc", key, iv);
  return iv.toString("hex") + cipher.update(text, "utf8", "hex") + cipher.final("hex");
}

function open(key, iv, data) {
  const decipher = crypto.createDecipheriv("aes-256-cbc", key, Buffer.from(iv, "hex"));
  return decipher.update(data, "hex", "utf8") + decipher.final("utf8");
}
