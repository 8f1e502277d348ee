import axios from "axios";
export async function proxy(req: any) {
  const target = req.body.url;
  return axios.get(target); // expect: ssrf
}
export function refresh(feed: { sourceUrl(): string }) {
  return axios.get(feed.sourceUrl()); // audit: ssrf
}
// A Next.js route handler: the URL it is asked for is the caller's.
export async function GET(request: Request) {
  const url = new URL(request.url);
  const target = url.searchParams.get("target")!;
  const upstream = await fetch(target); // expect: ssrf
  return new Response(await upstream.text());
}
export async function relay(req: any) {
  return fetch("https://" + req.query.host + "/status"); // expect: ssrf
}
// The operator's environment names the endpoint: only a review sees it.
export async function report() {
  return axios.get(process.env.REPORT_URL as string); // audit: ssrf
}
// Express middleware made by a factory, with the `request` and `superagent` clients.
const request = require("request");
import superagent from "superagent";
module.exports = function imageProxy() {
  return (req: any, res: any) => {
    const url = req.body.imageUrl;
    request.get(url); // expect: ssrf
    superagent.get(`${req.query.url}/thumb`); // expect: ssrf
    res.end();
  };
};
export const fromBody = () => ({ body }: Request) => {
  const url = body.url;
  return request.get(url);  // expect: ssrf
};
