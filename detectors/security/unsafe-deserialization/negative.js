function load(body) {
  return JSON.parse(body);
}
// A project's own object with a method of that name.
const store = makeStore();
function restore(cookie) {
  store.unserialize(cookie);
  return store.deserialize(cookie);
}
