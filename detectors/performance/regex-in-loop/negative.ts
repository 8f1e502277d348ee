export function count(parts: string[], words: string[]): number {
  let n = 0;
  for (const word of words) {
    const re = new RegExp(word);
    n += parts.filter((p) => re.test(p)).length;
  }
  return n;
}
