import axios from "axios";
export async function proxy(target: string) {
  return axios.get(target);  // audit: ssrf
}
const HOSTS = new Set(["a.example.com"]);
export function visit(feed: { host(): string }) {
  const host = feed.host();
  if (HOSTS.has(host)) {
    return axios.get("https://" + host);
  }
}
export async function GET(request: Request) {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page"));
  const upstream = await fetch(new URL(`/items?page=${page}`, "https://api.example.com"));
  return new Response(await upstream.text());
}
export async function profile(req: any) {
  return fetch(`https://api.example.com/users/${encodeURIComponent(req.query.id)}`);
}
export async function checked(target: string) {
  const url = new URL(target);
  if (url.hostname !== "api.example.com") throw new Error("unknown host");
  return fetch(url);
}
export async function avatar(req: any) {
  return fetch("https://cdn.example.com/avatars/" + req.query.id);
}
const request = require("request");
module.exports = function fixedProxy() {
  return (req: any, res: any) => {
    request.get(`https://reddit.com/${req.query.path}/about`);
    res.end();
  };
};
// What the server keeps about a request is not the client's input: of unknown origin, as
// `req.session` is.
export const fromSession = () => ({ session }: Request) => {
  const url = session;
  return request.get(url);  // audit: ssrf
};
