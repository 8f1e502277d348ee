export function f() {
  // const x = compute(); // expect: commented-out-code
  // save(x);
  return 1;
}
