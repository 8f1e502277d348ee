const crypto = require("crypto");
function verify(given, expectedToken) {
  if (expectedToken === undefined) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expectedToken));
}
function digestLength(secret) {
  return crypto.createHmac("sha256", secret).digest("hex").length === 64;
}
function hasSignature(req, expected) {
  if (req.get("x-signature") === undefined) return false;
  if (req.headers["x-signature"] === "") return false;
  return req.get("content-type") === expected;
}
