export function f0() {
  return 0;
}

export function f1() {
  return 1;
}

export function f2() {
  return 2;
}

export function f3() {
  return 3;
}
