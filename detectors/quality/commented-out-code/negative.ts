export function f() {
  // compute first, then save
  return 1;
}
