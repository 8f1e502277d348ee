function saveAll(items, save) {
  items.forEach(async (item) => { // expect: async-foreach
    await save(item);
  });
}
