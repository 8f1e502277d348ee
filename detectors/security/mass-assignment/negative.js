async function signup(req, User) {
  const { name, email } = req.body;
  return User.create({ name, email });
}
