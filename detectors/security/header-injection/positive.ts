export function tag(req: any, res: any) {
  const lang = req.headers["accept-language"];
  res.set("Content-Language", lang); // expect: header-injection
}
