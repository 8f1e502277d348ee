export const firstThree = (xs: string[]) => [...xs].sort().slice(0, 3);
