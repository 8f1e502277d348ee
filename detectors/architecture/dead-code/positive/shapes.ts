export function used(x: number): number {
  return scale(x);
}

function scale(x: number): number {
  return x + 1;
}

function unusedShape(x: number): number { // expect: dead-code
  return x * 2;
}
