export const deepMerge = (target: Record<string, any>, source: Record<string, any>) => {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === "object") {
      deepMerge(target[key], value[key] ?? source[key]);
    }
    target[key] = value; // expect: prototype-pollution-merge
  }
};
