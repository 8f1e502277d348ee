import { execFileSync } from "child_process";
export function run(dir: string) {
  execFileSync("ls", [dir]);
}
export function count(job: { size(): string }) {
  const n = Number(job.size());
  execSync(`seq ${n}`);
}
export class ToolsController {
  @Get("count")
  count(@Query("n") n: number) {
    execSync(`seq ${n}`);
  }
}
export class LintController {
  @Get("lint")
  lint(@Query("file") file: string) {
    execFileSync("eslint", [file]);
  }
}
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "tools", version: "1.0.0" });
server.tool("list", { dir: z.string() }, async ({ dir }) => {
  execFileSync("ls", ["-la", dir]);
  return { content: [] };
});
