function save(doc, store) {
  try {
    store.put(doc);
  } catch (e) {} // expect: empty-catch
}

function load(read) {
  try {
    return read();
  } catch {} // expect: empty-catch
}
