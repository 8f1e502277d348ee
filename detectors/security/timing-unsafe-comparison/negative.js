const crypto = require("crypto");
function verify(given, expectedToken) {
  if (expectedToken === undefined) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expectedToken));
}
