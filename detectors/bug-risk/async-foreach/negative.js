async function saveAll(items, save) {
  await Promise.all(items.map((item) => save(item)));
  items.forEach((item) => console.log(item));
}
