export function save(doc: unknown, store: any, logger: Console) {
  try {
    store.put(doc);
  } catch (e) {
    logger.warn("save failed", e);
  }
  try {
    store.flush();
  } catch {
    // a failed flush is retried by the next save
  }
}

export function probe(check: () => unknown) {
  // The binding's name says the error is dropped on purpose.
  try {
    check();
  } catch (_) {}
  try {
    check();
  } catch (_ignored) {}
}
