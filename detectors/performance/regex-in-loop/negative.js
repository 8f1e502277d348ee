function numbers(lines, word) {
  const pattern = new RegExp("\\b" + word + "\\b");
  const out = [];
  for (const line of lines) {
    if (pattern.test(line) && /^\d+$/.test(line)) out.push(line);
  }
  return out;
}

export function perName(names, text) {
  const found = [];
  for (const name of names) {
    const regex = new RegExp(`\\b${name}\\b`, "g");
    if (regex.test(text)) found.push(name);
  }
  return found;
}
