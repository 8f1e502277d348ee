function login(user, password) {
  console.log("login attempt", user);
  console.log("password given:", Boolean(password));
}

function lex(tokens) {
  for (const token of tokens) console.debug("token", token);
}

function rotated(secretName, keyId) {
  console.info(`rotated ${secretName} (${keyId})`);
}
module.exports = { login, lex, rotated };
