import { Y } from "../domain/entity";

export function render(): number {
  return Y;
}
