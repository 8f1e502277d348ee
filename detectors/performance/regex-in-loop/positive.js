function numbers(lines) {
  return lines.filter((line) => line).map((line) => {
    for (const part of line.split(",")) {
      if (new RegExp("^\\d+$").test(part)) return part; // expect: regex-in-loop
    }
    return null;
  });
}
