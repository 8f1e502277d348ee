async function login(req, User) {
  return User.findOne({ name: String(req.body.name) });
}
function first(items) {
  return items.find((item) => item.active);
}
app.post("/login", async (req, res) => {
  res.json(await users.findOne({ name: String(req.body.name) }));
});
function visible(rows) {
  return rows.find((row) => row.shown);
}
