const xpath = require("xpath");
function find(req, doc) {
  return xpath.select("//user[name='" + req.query.name + "']", doc); // expect: xpath-injection
}
