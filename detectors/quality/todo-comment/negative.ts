// keep
export const f = 1;
