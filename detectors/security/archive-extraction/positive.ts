import path from "path";
export function place(dest: string, header: { name: string }) {
  return path.join(dest, header.name); // expect: archive-extraction
}
