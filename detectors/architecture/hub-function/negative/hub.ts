export function hub() {
  return 1;
}

export function a() {
  return hub();
}

export function b() {
  return hub();
}

export function c() {
  return hub();
}
