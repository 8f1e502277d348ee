async function save() { return 1; }
async function main() {
  await save();
}
