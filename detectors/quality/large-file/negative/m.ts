export const A = 1;
