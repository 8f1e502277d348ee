export class C {
  f(a: number, b: number): number {
    return a + b;
  }
}
