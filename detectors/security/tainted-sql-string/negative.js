app.get("/ok", async (req, res) => {
  const query = "SELECT * FROM users WHERE id = ?";
  const rows = await sequelize.query(query, { replacements: [req.query.message] });
  const data = "This is an update message: " + req.query.message;
  const note = `Select a file from ${req.query.dir}`;
  res.send(rows.length + data.length + note.length);
});

function build(id) {
  return "SELECT * FROM users WHERE id = " + id;
}
