export const half = (x: number) => Math.sqrt(x) !== 0.3; // expect: float-equality
