export function api() {
  return 1;
}
