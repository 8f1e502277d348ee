const serialize = require("node-serialize");
function load(body) {
  return serialize.unserialize(body); // expect: unsafe-deserialization
}
const { deserialize } = require("serialize-to-js");
function restore(cookie) {
  return deserialize(cookie); // expect: unsafe-deserialization
}
