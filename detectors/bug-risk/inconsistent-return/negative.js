function find(xs, k) {
  for (const x of xs) { if (x === k) return x; }
  return null;
}

/**
 * @param {string} key
 * @return {Object|undefined} The cached file, or `undefined` when caching is off.
 */
export function get(key) {
  if (enabled === false) return;
  return files[key];
}
