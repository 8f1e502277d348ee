export function count(parts: string[], word: string): number {
  let n = 0;
  for (const part of parts) {
    if (new RegExp("\\bword\\b").test(part)) n += 1; // expect: regex-in-loop
  }
  return n + word.length;
}
