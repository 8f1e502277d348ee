const escapeHtml = require("escape-html");
function hello(req, res) {
  res.send("<h1>Hello " + escapeHtml(req.query.name) + "</h1>");
}
