export const same = (a: { id: number }, b: { id: number }) => a.id == b.id;
