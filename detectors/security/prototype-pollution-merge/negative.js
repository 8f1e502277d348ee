function merge(target, source) {
  for (const key in source) {
    if (key === "__proto__" || key === "constructor") continue;
    if (typeof source[key] === "object") {
      merge(target[key], source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}
// A shallow copy recurses into nothing.
function assign(target, source) {
  for (const key in source) {
    target[key] = source[key];
  }
  return target;
}
module.exports = { merge, assign };
