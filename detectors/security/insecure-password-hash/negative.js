const crypto = require("crypto");
function etag(body) {
  return crypto.createHash("sha256").update(body).digest("hex");
}
function passwordResetToken() {
  return crypto.createHash("sha256").update(crypto.randomBytes(32)).digest("hex");
}
function hashPassword(pw) {
  return bcrypt.hashSync(pw, 12);
}
function signReset(key, password) {
  const mac = crypto.createHmac("sha256", key);
  mac.update(password);
  return mac.digest("hex");
}
