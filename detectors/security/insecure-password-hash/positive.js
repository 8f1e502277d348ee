const crypto = require("crypto");
function store(user) {
  return crypto.createHash("sha256").update(user.password).digest("hex"); // expect: insecure-password-hash
}
