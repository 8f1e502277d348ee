const jwt = require("jsonwebtoken");
const session = require("express-session");
const cookieParser = require("cookie-parser");

app.use(session({ secret: process.env.SESSION_SECRET, resave: false }));
app.use(cookieParser(process.env.COOKIE_SECRET));

function issue(user) {
  return jwt.sign({ sub: user.id }, process.env.JWT_SECRET, { expiresIn: "1h" });
}

const fromEnv = process.env.JWT_SECRET || "fallback-secret";
function issueSigned(user, signer) {
  const key = config.secret;
  signer.sign(user.id, "not-a-jwt-key");
  jwt.verify(user.token, fromEnv);
  return jwt.sign({ sub: user.id }, key);
}
const sessionKey = process.env.SESSION_KEY;
const options = {
  secret: config.session.secret,
  resave: false,
  saveUninitialized: false,
};
app.use(session(options));
app.use(session({ secret: sessionKey, saveUninitialized: true }));
const form = { secret: "", resave: false };
