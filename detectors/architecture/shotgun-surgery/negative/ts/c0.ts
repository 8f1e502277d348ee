import { api } from "./lib";

export function use0() {
  return api();
}
