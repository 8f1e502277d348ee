export function make(body: string) {
  return () => body;
}
export function later(store: { run(): void }) {
  setTimeout(() => store.run(), 10);
}
