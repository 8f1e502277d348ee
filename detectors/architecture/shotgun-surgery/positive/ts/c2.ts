import { api } from "./lib";

export function use2() {
  return api();
}
