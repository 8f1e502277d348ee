export const A = 1; // expect: large-file
export const B = 2;
export const C = 3;
export const D = 4;
