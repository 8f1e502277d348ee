// keep
// the 'TODO' marker, quoted
export const f = 1;
