import { api } from "./lib";

export function use1() {
  return api();
}
