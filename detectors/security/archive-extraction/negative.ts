import path from "path";
export function place(dest: string, name: string) {
  return path.join(dest, path.basename(name));
}
