async function signup(req, User) {
  const { name, email } = req.body;
  return User.create({ name, email });
}
router.post("/profile", async (ctx) => {
  const user = await User.findById(ctx.state.userId);
  Object.assign(user, { name: ctx.request.body.name });
  ctx.body = await user.save();
});
