function later(items) {
  for (let i = 0; i < items.length; i++) {
    setTimeout(() => console.log(items[i]), 10);
  }
}
