function verify(req, expectedToken) {
  return req.headers["x-token"] === expectedToken || expectedToken === req.query.token; // expect: timing-unsafe-comparison
}
function verifyWebhook(secret, body, expected) {
  return expected === crypto.createHmac("sha256", secret).update(body).digest("hex"); // expect: timing-unsafe-comparison
}
function verifyHook(req, expected) {
  if (req.get("x-signature") === expected) return true; // expect: timing-unsafe-comparison
  return expected !== req.headers["x-api-key"]; // expect: timing-unsafe-comparison
}
