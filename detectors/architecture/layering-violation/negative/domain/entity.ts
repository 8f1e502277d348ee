export const Y = 1;
