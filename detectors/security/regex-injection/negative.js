function grep(req, lines) {
  const q = req.query.q;
  return lines.filter((l) => l.includes(q));
}
