import { execSync } from "child_process";
export function run(dir: string) {
  execSync(`ls ${dir}`); // expect: command-injection
}
