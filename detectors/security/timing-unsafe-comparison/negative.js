const crypto = require("crypto");
function verify(given, expectedToken) {
  if (expectedToken === undefined) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expectedToken));
}
function digestLength(secret) {
  return crypto.createHmac("sha256", secret).digest("hex").length === 64;
}
