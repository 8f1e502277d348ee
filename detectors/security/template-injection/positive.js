const ejs = require("ejs");
function page(req, res) {
  res.send(ejs.render("<h1>" + req.query.title + "</h1>")); // expect: template-injection
}
function custom(store) {
  return ejs.render(store.templateText()); // audit: template-injection
}
const Hogan = require("hogan.js");
const Sqrl = require("squirrelly");
function greet(req, res) {
  res.send(Hogan.compile(req.query.tpl).render({})); // expect: template-injection
  res.send(Sqrl.render(req.body.tpl, {})); // expect: template-injection
}
