function save(doc, store) {
  try {
    store.put(doc);
  } catch (e) {} // expect: empty-catch
}
