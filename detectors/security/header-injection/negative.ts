export function tag(res: any) {
  res.set("Content-Language", "en");
}
