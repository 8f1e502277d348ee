import pug from "pug";
export function page(req: any) {
  const source = req.body.layout;
  return pug.render(source); // expect: template-injection
}
