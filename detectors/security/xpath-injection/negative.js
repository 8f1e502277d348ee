const xpath = require("xpath");
function find(doc) {
  return xpath.select("//user", doc);
}
