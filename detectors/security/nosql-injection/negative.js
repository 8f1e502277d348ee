async function login(req, User) {
  return User.findOne({ name: String(req.body.name) });
}
function first(items) {
  return items.find((item) => item.active);
}
