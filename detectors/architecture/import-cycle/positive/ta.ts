import { g } from "./tb"; // expect: import-cycle

export function f(): number {
  return g();
}
