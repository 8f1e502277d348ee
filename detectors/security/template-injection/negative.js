const ejs = require("ejs");
function page(req, res) {
  res.send(ejs.render("<h1><%= title %></h1>", { title: req.query.title }));
}
const Hogan = require("hogan.js");
const Sqrl = require("squirrelly");
function greet(req, res) {
  res.send(Hogan.compile("<p>{{name}}</p>").render({ name: req.query.name }));
  res.send(Sqrl.render("<p>{{it.name}}</p>", { name: req.body.name }));
}
