export function grep(req: any, lines: string[]) {
  const pattern = "^" + req.body.prefix;
  return lines.filter((l) => RegExp(pattern).test(l)); // expect: regex-injection
}
