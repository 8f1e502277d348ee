export const size = (s: string) => Number.parseInt(s); // expect: parseint-radix
