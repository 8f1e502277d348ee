const crypto = require("crypto");

function seal(key, text) {
  const cipher = crypto.createCipheriv("aes-256-cbc", key, Buffer.alloc(16, 0)); // expect: static-iv
  return cipher.update(text, "utf8", "hex") + cipher.final("hex");
}

function sealNamed(key, text) {
  const iv = "0123456789abcdef";
  const cipher = crypto.createCipheriv("aes-128-cbc", key, iv); // expect: static-iv
  return cipher.update(text, "utf8", "hex") + cipher.final("hex");
}
