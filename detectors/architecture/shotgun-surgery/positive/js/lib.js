export function api() { // expect: shotgun-surgery
  return 1;
}
