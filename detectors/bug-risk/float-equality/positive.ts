export const half = (x: number) => x !== 0.3; // expect: float-equality
