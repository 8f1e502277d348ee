function total(config) {
  let sum = 0;
  for (const key in config) {
    sum += config[key];
  }
  for (const key of Object.keys(config)) {
    sum += config[key];
  }
  return sum;
}

const names = { a: 1, b: 2 };
for (const key in names) {
  console.log(names[key]);
}
