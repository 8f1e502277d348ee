async function signup(req, User) {
  return User.create(req.body); // expect: mass-assignment
}
async function patch(req, user) {
  Object.assign(user, req.body); // expect: mass-assignment
}
