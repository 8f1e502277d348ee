import { execFileSync } from "child_process";
export function run(dir: string) {
  execFileSync("ls", [dir]);
}
