export function drain(items: string[], take: () => string) {
  for (const _ of items) {
    try {
      take();
    } finally {
      if (items.length === 0) {
        break; // expect: return-in-finally
      }
    }
  }
}
