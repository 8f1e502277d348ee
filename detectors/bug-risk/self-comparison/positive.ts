export const same = (a: { id: number }, b: { id: number }) => a.id == a.id; // expect: self-comparison
