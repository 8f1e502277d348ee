const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
export function grep(req: any, lines: string[]) {
  const pattern = new RegExp(escapeRegExp(req.body.prefix));
  return lines.filter((l) => pattern.test(l));
}
