function total(config) {
  let sum = 0;
  for (const key in Object.keys(config)) { // expect: for-in-array
    sum += config[key];
  }
  for (const word in "a b".split(" ")) { // expect: for-in-array
    sum += word.length;
  }
  return sum;
}

const names = ["a", "b"];
for (const i in names) { // expect: for-in-array
  console.log(names[i]);
}
