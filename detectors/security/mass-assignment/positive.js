async function signup(req, User) {
  return User.create(req.body); // expect: mass-assignment
}
async function patch(req, user) {
  Object.assign(user, req.body); // expect: mass-assignment
}
// Koa keeps the parsed body on ctx.request.
router.post("/profile", async (ctx) => {
  const user = await User.findById(ctx.state.userId);
  Object.assign(user, ctx.request.body); // expect: mass-assignment
  ctx.body = await user.save();
});
function filters(req, settings) {
  return Object.assign(settings, req.query); // expect: mass-assignment
}
router.put("/users/:id", async (req, res) => {
  const changes = req.body;
  await User.findByIdAndUpdate(req.params.id, changes); // expect: mass-assignment
  res.json(new Account(changes)); // expect: mass-assignment
});
