import { f } from "./ca";

export function g(n) {
  return n > 0 ? f(n) : 0;
}
