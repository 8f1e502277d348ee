import * as fs from "fs";

export async function load(path: string): Promise<unknown> {
  const text = fs.readFileSync(path, "utf8"); // expect: blocking-call-in-async
  return JSON.parse(text);
}
