async function save() { return 1; }
async function main() {
  save(); // expect: floating-promise
}
