import deepmerge from "deepmerge";
const DEFAULTS = { theme: "light" };
export function update(settings: object) {
  return deepmerge(settings, DEFAULTS);
}
