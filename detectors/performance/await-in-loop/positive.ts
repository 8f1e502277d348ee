export async function save(items: string[], put: (s: string) => Promise<void>) {
  let i = 0;
  while (i < items.length) {
    await put(items[i]); // expect: await-in-loop
    i += 1;
  }
}
