function later(items) {
  for (var i = 0; i < items.length; i++) {
    setTimeout(() => console.log(items[i]), 10); // expect: late-binding-closure
  }
}
