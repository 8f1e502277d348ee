import { execSync } from "child_process";
export function run(dir: string) {
  execSync(`ls ${dir}`); // expect: command-injection
}
export function backup(job: { destination(): string }) {
  execSync(`tar czf ${job.destination()}`); // audit: command-injection
}
export class ToolsController {
  @Get("ping")
  ping(@Query("host") host: string) {
    execSync("ping -c 1 " + host); // expect: command-injection
  }
}
export class LintController {
  @Get("lint")
  lint(@Query("tool") tool: string) {
    execFileSync(tool, ["--check"]); // expect: command-injection
  }
}
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "tools", version: "1.0.0" });
server.tool("run", { command: z.string() }, async ({ command }) => {
  execFileSync(command); // expect: command-injection
  return { content: [] };
});
