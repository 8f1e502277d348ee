export const label = String(42);
