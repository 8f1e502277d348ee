function numbers(lines, word) {
  const pattern = new RegExp("\\b" + word + "\\b");
  const out = [];
  for (const line of lines) {
    if (pattern.test(line) && /^\d+$/.test(line)) out.push(line);
  }
  return out;
}
