import axios from "axios";
export async function proxy(req: any) {
  const target = req.body.url;
  return axios.get(target); // expect: ssrf
}
