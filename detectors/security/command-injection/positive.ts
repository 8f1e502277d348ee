import { execSync } from "child_process";
export function run(dir: string) {
  execSync(`ls ${dir}`); // expect: command-injection
}
export function backup(job: { destination(): string }) {
  execSync(`tar czf ${job.destination()}`); // audit: command-injection
}
