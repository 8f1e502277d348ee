function login(user: string, password: string) {
  console.log("login attempt", user);
  console.log("password given:", Boolean(password));
}

function lex(tokens: string[]) {
  for (const token of tokens) console.debug("token", token);
}

function rotated(secretName: string, keyId: string) {
  console.info(`rotated ${secretName} (${keyId})`);
}
export { login, lex, rotated };
