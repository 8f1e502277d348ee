import deepmerge from "deepmerge";
export function update(req: any, settings: object) {
  const incoming = JSON.parse(req.body.raw);
  return deepmerge(settings, incoming); // expect: prototype-pollution
}
