const jwt = require("jsonwebtoken");
const session = require("express-session");
const cookieParser = require("cookie-parser");

app.use(session({ secret: "keyboard cat", resave: false })); // expect: hardcoded-signing-key
app.use(cookieParser("my-cookie-secret")); // expect: hardcoded-signing-key

function issue(user) {
  return jwt.sign({ sub: user.id }, "shhhhh", { expiresIn: "1h" }); // expect: hardcoded-signing-key
}

const SIGNING_KEY = "hardcoded-secret";
function renew(user) {
  const tokens = require("jsonwebtoken");
  const local = "shhhhh";
  tokens.verify(user.token, local); // expect: hardcoded-signing-key
  return jwt.sign({ sub: user.id }, SIGNING_KEY); // expect: hardcoded-signing-key
}
const sessionKey = "correct horse battery";
const options = {
  secret: "tabby cat", // expect: hardcoded-signing-key
  resave: false,
  saveUninitialized: false,
};
app.use(session(options));
app.use(session({ secret: sessionKey, saveUninitialized: true })); // expect: hardcoded-signing-key
