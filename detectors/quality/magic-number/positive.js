function strong(password) {
  return password.length >= 12; // expect: magic-number
}
export function isSlashToo(code, path) {
  return code === 47 && path.length > 0; // expect: magic-number
}
