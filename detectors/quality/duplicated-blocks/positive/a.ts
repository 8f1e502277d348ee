import { TAX_RATE, MAX_PRICE } from "./config";

export function prices(items, limit) { // expect: duplicated-blocks
  const rows = [];
  for (const item of items) {
    if (item.name == null || item.name.length > limit) {
      throw new Error(`bad record: ${JSON.stringify(item)}`);
    }
    const price = Number(item.price ?? 0) * (1 + TAX_RATE);
    if (price < 0 || price > MAX_PRICE) {
      continue;
    }
    rows.push({ name: item.name.trim(), price: Math.round(price * 100) / 100 });
  }
  rows.sort((a, b) => a.price - b.price || a.name.localeCompare(b.name));
  return rows.slice(0, limit);
}
