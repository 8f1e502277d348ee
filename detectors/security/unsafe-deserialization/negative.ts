export function load(body: string) {
  return JSON.parse(body);
}
import { codec } from "./codec";
export function restore(cookie: string) {
  return codec.unserialize(cookie);
}
