const crypto = require("crypto");
function store(user) {
  return crypto.createHash("sha256").update(user.password).digest("hex"); // expect: insecure-password-hash
}
const { createHash } = require("crypto");
function hashPassword(pw) {
  return createHash("sha1").update(pw).digest("hex"); // expect: insecure-password-hash
}
const verifyPassword = (plain, stored) =>
  crypto.createHash("md5").update(plain).digest("hex") === stored; // expect: insecure-password-hash
function register(form) {
  const h = crypto.createHash("sha1");
  h.update(form.password); // expect: insecure-password-hash
  return h.digest("hex");
}
