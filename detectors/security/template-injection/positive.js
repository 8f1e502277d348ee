const ejs = require("ejs");
function page(req, res) {
  res.send(ejs.render("<h1>" + req.query.title + "</h1>")); // expect: template-injection
}
function custom(store) {
  return ejs.render(store.templateText()); // audit: template-injection
}
