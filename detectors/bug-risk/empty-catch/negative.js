function save(doc, store, logger) {
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

function probe(check) {
  try {
    check();
  } catch (_e) {}
}
