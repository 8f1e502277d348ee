import { g } from "./cb";

export function f(n) { // expect: call-cycle
  return g(n - 1);
}
