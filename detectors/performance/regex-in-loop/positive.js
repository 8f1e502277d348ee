function numbers(lines, word) {
  const out = [];
  for (const line of lines) {
    if (new RegExp("\\b" + word + "\\b").test(line)) out.push(line); // expect: regex-in-loop
  }
  return out;
}
