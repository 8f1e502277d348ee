const DIGITS = /^\d+$/;
function numbers(parts) {
  const out = [];
  for (const part of parts) {
    if (DIGITS.test(part)) out.push(part);
  }
  return out;
}
