import * as fs from "fs";

export async function load(path: string): Promise<unknown> {
  const text = await fs.promises.readFile(path, "utf8");
  return JSON.parse(text);
}

export function loadSync(path: string): unknown {
  return JSON.parse(fs.readFileSync(path, "utf8"));
}
