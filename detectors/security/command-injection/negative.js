const { execFile } = require("child_process");
function run(req) {
  execFile("ls", [req.query.dir]);
}
exports.handler = async (event) => {
  execFile("convert", [event.file]);
};
const MODES = ["fast", "slow"];
function backup(job) {
  const mode = job.mode();
  if (!MODES.includes(mode)) return;
  require("child_process").exec("run --" + mode);
}

function runTool(cmd) {
  // Every call passes a constant, and nothing outside this file calls it.
  exec(cmd);
}
runTool("ls -l");
const { spawn } = require("child_process");
app.get("/ping", (req, res) => {
  spawn("ping", ["-c", "1", req.query.host]);
});
app.post("/convert", (req, res) => {
  spawn("convert", [req.body.file, "out.png"]);
  spawn("convert", ["in.png", "out.png"], { shell: true });
});
const child_process = require("child_process");
app.get("/tool", (req, res) => {
  child_process.execFile("git", ["log", req.query.ref]);
});
function runGit(ref) {
  child_process.spawnSync("git", ["show", ref]);
}
import { execSync as sh } from "node:child_process";
import { exec as runTask } from "./tasks";
app.get("/archive", (req, res) => {
  sh("tar czf out.tgz static/");
  runTask("archive " + req.query.dir);
});
app.get("/argv", (req, res) => {
  spawn("git", ["-c", "core.pager=cat", "log", req.query.ref]);
  spawn("ls", [req.query.dir]);
});
function command(text) {
  return text.trim();
}
app.get("/own-command", (req, res) => {
  res.json(command(req.query.text));
});
function fixedScript(req) {
  cp.spawn("sh", ["./rotate-logs.sh", req.query.day]);
}
function toolByName(req) {
  const tool = "convert";
  spawnSync(tool, ["-resize", req.query.size]);
}
const ALLOWED_TOOLS = ["uptime", "df"];
function runTool(req) {
  const tool = req.query.tool;
  if (ALLOWED_TOOLS.includes(tool)) {
    cp.exec(tool);
  }
  if (!ALLOWED_TOOLS.includes(tool)) {
    return;
  }
  cp.exec(tool);
}

function* ownHosts() {
  yield "localhost";
  yield "db.internal";
}
function pingOwn() {
  for (const host of ownHosts()) {
    cp.exec("ping -c 1 " + host); // audit: command-injection
  }
}
const { execa } = require("execa");
const cp = require("child_process");
app.get("/tool", async (req, res) => {
  await execa("git", ["log", req.query.ref]);
  cp.fork("./worker.js", [req.query.job]);
});
app.get("/calc", (req, res) => {
  cp.execFileSync("node", ["-e", "console.log(1)", req.query.expr]);
  cp.execFileSync("bash", ["-e", "./build.sh", req.query.target]);
});

app.get("/report", (req, res) => {
  // The interpreter runs a script of ours; the request gives only its argument.
  cp.spawn("node", ["scripts/report.js", req.query.month]);
});
