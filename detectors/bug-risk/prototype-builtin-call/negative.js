function isAdmin(body) {
  return Object.prototype.hasOwnProperty.call(body, "admin") || Object.hasOwn(body, "root");
}
