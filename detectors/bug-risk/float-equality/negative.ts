export const half = (x: number) => x > 0.5;
