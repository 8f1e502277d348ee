const crypto = require("crypto");
function etag(body) {
  return crypto.createHash("sha256").update(body).digest("hex");
}
