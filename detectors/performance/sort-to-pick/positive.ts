export const first = (xs: string[]) => xs.sort()[0]; // expect: sort-to-pick
