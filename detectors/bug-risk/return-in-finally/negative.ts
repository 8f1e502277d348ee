export function drain(items: string[], take: () => string) {
  for (const _ of items) {
    try {
      take();
    } finally {
      items.pop();
    }
  }
}
