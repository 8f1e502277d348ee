export class C {
  f(a, b) {
    return a + b;
  }
}
