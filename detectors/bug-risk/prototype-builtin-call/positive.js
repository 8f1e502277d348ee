function isAdmin(body) {
  return body.hasOwnProperty("admin"); // expect: prototype-builtin-call
}
