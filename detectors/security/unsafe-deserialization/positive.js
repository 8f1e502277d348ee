const serialize = require("node-serialize");
function load(body) {
  return serialize.unserialize(body); // expect: unsafe-deserialization
}
const { deserialize } = require("serialize-to-js");
function restore(cookie) {
  return deserialize(cookie); // expect: unsafe-deserialization
}
const jsyaml = require("js-yaml");
function settings(text) {
  return jsyaml.load(text, { schema: jsyaml.DEFAULT_FULL_SCHEMA }); // expect: unsafe-deserialization
}
function stored(text) {
  const full = { schema: jsyaml.DEFAULT_FULL_SCHEMA };
  return jsyaml.safeLoad(text, full); // expect: unsafe-deserialization
}
