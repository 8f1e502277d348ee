const serialize = require("node-serialize");
function load(body) {
  return serialize.unserialize(body); // expect: unsafe-deserialization
}
