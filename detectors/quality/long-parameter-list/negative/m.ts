export class C {
  f(a: number, b: number): number {
    return a + b;
  }
}
// Overloads and interface methods declare; the implementation is what callers meet.
export interface Pipeable {
  pipe<A, B, C>(this: A, ab: (a: A) => B, bc: (b: B) => C): C;
}
export function both(a: string, b: string, c: string, d: string): string;
export function both(a: string, ...rest: string[]): string {
  return a + rest.join("");
}
