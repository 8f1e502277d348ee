import { f } from "./ja";

export function g(n) {
  return n > 0 ? f(n) : 0;
}
