export async function saveAll(items: string[], save: (s: string) => Promise<void>) {
  for (const item of items) {
    await save(item);
  }
}
