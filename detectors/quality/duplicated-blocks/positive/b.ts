import { TAX_RATE, MAX_PRICE } from "./config";

export function costs(records, most) { // expect: duplicated-blocks
  const result = [];
  for (const record of records) {
    if (record.name == null || record.name.length > most) {
      throw new Error(`bad record: ${JSON.stringify(record)}`);
    }
    const cost = Number(record.price ?? 0) * (1 + TAX_RATE);
    if (cost < 0 || cost > MAX_PRICE) {
      continue;
    }
    result.push({ name: record.name.trim(), price: Math.round(cost * 100) / 100 });
  }
  result.sort((a, b) => a.price - b.price || a.name.localeCompare(b.name));
  return result.slice(0, most);
}
