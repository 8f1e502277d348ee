function load(body) {
  return JSON.parse(body);
}
// A project's own object with a method of that name.
const store = makeStore();
function restore(cookie) {
  store.unserialize(cookie);
  return store.deserialize(cookie);
}
const yaml = require("js-yaml");
function settings(text) {
  return yaml.load(text, { schema: yaml.JSON_SCHEMA });
}
function stored(text) {
  const options = { json: true };
  return yaml.safeLoad(text, options);
}
