export const has = (o: object, k: string) => Object.hasOwn(o, k);
