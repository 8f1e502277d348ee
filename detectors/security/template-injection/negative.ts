import pug from "pug";
const LAYOUT = "h1= title";
export function page(req: any) {
  return pug.render(LAYOUT, { title: req.body.title });
}
