import * as libxmljs from "libxmljs";

export function parse(body: string) {
  return libxmljs.parseXml(body, { noent: true }); // expect: xxe
}
