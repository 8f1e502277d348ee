export const has = (o: object, k: string) => o.hasOwnProperty(k); // expect: prototype-builtin-call
