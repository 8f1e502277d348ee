const { exec } = require("child_process");
function run(req) {
  exec("ls " + req.query.dir); // expect: command-injection
}
exports.handler = async (event) => {
  exec("convert " + event.file); // expect: command-injection
};
function backup(job) {
  const target = job.destination();
  exec("tar czf " + target); // audit: command-injection
}
const { spawn } = require("child_process");
app.get("/ping", (req, res) => {
  spawn(`ping -c 1 ${req.query.host}`, { shell: true }); // expect: command-injection
});
const listing = (dir) => "ls " + dir;
function show(req) {
  exec(listing(req.query.dir)); // expect: command-injection
}
app.post("/convert", (req, res) => {
  spawn("convert", [req.body.file, "out.png"], { shell: true }); // expect: command-injection
});
const child_process = require("child_process");
app.get("/tool", (req, res) => {
  child_process.execFile(req.query.tool, ["--version"]); // expect: command-injection
});
function runTool(program) {
  child_process.spawnSync(program, ["--version"]); // audit: command-injection
}
import { execSync as sh } from "node:child_process";
app.get("/archive", (req, res) => {
  sh("tar czf out.tgz " + req.query.dir); // expect: command-injection
});
