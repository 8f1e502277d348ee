const _ = require("lodash");
function update(req, settings) {
  _.merge(settings, req.body); // expect: prototype-pollution
}
function setField(req, doc) {
  _.set(doc, req.query.path, req.query.value); // expect: prototype-pollution
}
function combine(base, store) {
  return _.merge(base, store.overrides()); // audit: prototype-pollution
}
function setPath(req, tree) {
  tree[req.body.section][req.body.key] = req.body.value; // expect: prototype-pollution
}
