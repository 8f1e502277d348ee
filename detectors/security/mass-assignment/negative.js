async function signup(req, User) {
  const { name, email } = req.body;
  return User.create({ name, email });
}
router.post("/profile", async (ctx) => {
  const user = await User.findById(ctx.state.userId);
  Object.assign(user, { name: ctx.request.body.name });
  ctx.body = await user.save();
});
router.put("/users/:id", async (req, res) => {
  const changes = pick(req.body, ["name", "email"]);
  await User.findByIdAndUpdate(req.params.id, changes);
  const seen = req.body.tags;
  res.json(new Set(seen.map(String)));
});
