import { g } from "./cb";

export function f(n) {
  return g(n - 1);
}
