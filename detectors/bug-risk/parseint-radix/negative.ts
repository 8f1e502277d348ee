export const size = (s: string) => Number.parseInt(s, 16);
export const half = (n: any) => parseInt(n / 2);
