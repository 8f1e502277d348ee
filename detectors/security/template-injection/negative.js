const ejs = require("ejs");
function page(req, res) {
  res.send(ejs.render("<h1><%= title %></h1>", { title: req.query.title }));
}
