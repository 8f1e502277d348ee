import { g } from "./jb";

export function f(n) { // expect: call-cycle
  return g(n - 1);
}
