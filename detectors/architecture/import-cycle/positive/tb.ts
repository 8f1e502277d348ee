import { f } from "./ta";

export function g(): number {
  return 1;
}

export function h(): number {
  return f();
}
