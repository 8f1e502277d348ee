export function save(doc: unknown, store: { put(d: unknown): void }) {
  try {
    store.put(doc);
  } catch (e) {} // expect: empty-catch
}
