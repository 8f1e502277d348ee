export const size = (s: string) => Number.parseInt(s, 16);
