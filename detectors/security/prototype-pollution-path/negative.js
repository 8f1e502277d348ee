// Refuses the keys that reach a prototype.
function setPath(obj, path, value) {
  const keys = path.split(".");
  if (keys.some((k) => k === "__proto__" || k === "constructor" || k === "prototype")) {
    throw new Error("bad path");
  }
  const last = keys.pop();
  for (const key of keys) {
    obj = obj[key] || (obj[key] = {});
  }
  obj[last] = value;
}

// Walks down an array by position and only reads.
function dig(config, indices) {
  for (let i = 0; i < indices.length; i++) {
    config = config[i];
  }
  return config;
}

// Reads by key, writes nothing.
function get(obj, path) {
  for (const key of path.split(".")) {
    obj = obj[key];
  }
  return obj;
}
module.exports = { setPath, dig, get };
