const crypto = require("crypto");
function sign(t) {
  return crypto.createHash("md5").update(t).digest("hex"); // expect: weak-hash
}
