function make() {
  const sessionToken = Math.random().toString(36); // expect: insecure-random
  return sessionToken;
}
function generateToken() {
  return Math.random().toString(36).slice(2); // expect: insecure-random
}
function startSession(res) {
  const sid = Math.random().toString(36).slice(2); // expect: insecure-random
  const userSid = Math.random().toString(16); // expect: insecure-random
  res.cookie("sid", sid + userSid);
}

function makeVerificationCode() {
  return Math.floor(Math.random() * 1e6);  // expect: insecure-random
}
