function h0() {
  return 0;
}

function h1() {
  return 1;
}

function h2() {
  return 2;
}

function h3() {
  return 3;
}

function h4() {
  return 4;
}

function h5() {
  return 5;
}

function h6() {
  return 6;
}

function h7() {
  return 7;
}

function h8() {
  return 8;
}

function h9() {
  return 9;
}

export function hub() { // expect: hub-function
  return h0() + h1() + h2() + h3() + h4() + h5() + h6() + h7() + h8() + h9();
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
