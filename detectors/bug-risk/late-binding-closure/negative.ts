export function later(items: string[], rows: string[][]) {
  for (var i = 0; i < items.length; i++) {
    rows = rows.filter((row) => row[i] !== "");
  }
  return rows;
}
