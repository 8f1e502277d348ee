export function saveAll(items: string[], save: (s: string) => Promise<void>) {
  items.forEach(async function (item) { // expect: async-foreach
    await save(item);
  });
}
