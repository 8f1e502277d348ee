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
