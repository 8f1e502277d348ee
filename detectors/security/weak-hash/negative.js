const crypto = require("crypto");
function sign(t) {
  return crypto.createHash("sha256").update(t).digest("hex");
}
