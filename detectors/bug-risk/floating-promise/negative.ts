async function save(): Promise<number> { return 1; }
export async function main() {
  await save();
}
