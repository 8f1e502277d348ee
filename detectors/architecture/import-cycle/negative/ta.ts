import { g } from "./tb";

export interface Shape {
  size: number;
}

export function f(): number {
  return g({ size: 1 });
}
