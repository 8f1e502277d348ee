import { g } from "./jb";

export function f(n) {
  return g(n - 1);
}
