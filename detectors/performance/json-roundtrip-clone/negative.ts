export const text = (raw: string) => JSON.parse(raw);
