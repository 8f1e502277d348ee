function grep(req, lines) {
  const re = new RegExp(req.query.q); // expect: regex-injection
  return lines.filter((l) => re.test(l));
}
