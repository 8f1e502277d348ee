import type { Shape } from "./ta";

export function g(shape: Shape): number {
  return shape.size;
}
