export class Small {
  m0() {
    return 0;
  }

  m1() {
    return 1;
  }

  m2() {
    return 2;
  }
}
