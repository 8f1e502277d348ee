import axios from "axios";
export async function proxy(req: any) {
  const target = req.body.url;
  return axios.get(target); // expect: ssrf
}
export function refresh(feed: { sourceUrl(): string }) {
  return axios.get(feed.sourceUrl()); // audit: ssrf
}
