export function deepMerge(target: Record<string, any>, source: Record<string, any>) {
  for (const key of Object.keys(source)) {
    if (!Object.prototype.hasOwnProperty.call(source, key)) continue;
    if (typeof source[key] === "object") deepMerge(target[key], source[key]);
    else target[key] = source[key];
  }
}
