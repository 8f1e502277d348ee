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
