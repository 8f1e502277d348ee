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
// An options object: the caller that fills it from the request is the finding.
function deploy({ target }) {
  exec("scp build.tgz " + target); // audit: command-injection
}
app.get("/deploy", (req, res) => {
  deploy({ target: req.query.target }); // expect: command-injection
});
// The same options filled with fixed text: only the review of the sink remains.
function publish({ target }) {
  exec("scp build.tgz " + target); // audit: command-injection
}
app.get("/publish", (req, res) => {
  publish({ target: "releases:/srv" });
});
// A constructor keeps its parameter in a field a method runs.
class Pinger {
  constructor(host) {
    this.host = host;
  }
  ping() {
    exec("ping -c 1 " + this.host); // audit: command-injection
  }
}
app.get("/ping-host", (req, res) => {
  new Pinger(req.query.host).ping(); // expect: command-injection
});
app.get("/ping-home", (req, res) => {
  new Pinger("example.com").ping();
});
app.get("/shell-argv", (req, res) => {
  spawn("sh", ["-c", req.query.cmd]); // expect: command-injection
});
app.get("/execa", async (req, res) => {
  const execa = require("execa");
  await execa.command(req.query.cmd); // expect: command-injection
});
function viaShellName(userInput) {
  const shell = "bash";
  spawnSync(shell, ["-c", userInput]); // expect: command-injection
}
function shellScript(req) {
  cp.spawn("sh", [req.query.script]); // expect: command-injection
}
const ALLOWED_TOOLS = ["uptime", "df"];
function runTool(req) {
  const tool = req.query.tool;
  if (ALLOWED_TOOLS.includes(tool)) {
    cp.exec(tool);
  } else {
    cp.exec(`${tool} --help`); // expect: command-injection
  }
}

function* hostsOf(req) {
  yield "localhost";
  yield* req.body.hosts;
}
function pingAll(req) {
  for (const host of hostsOf(req)) {
    cp.exec("ping -c 1 " + host); // expect: command-injection
  }
}
const { execa } = require("execa");
const cp = require("child_process");
const util = require("util");
app.get("/tool", async (req, res) => {
  await execa(req.query.tool, ["--version"]); // expect: command-injection
  cp.fork(req.query.script); // expect: command-injection
  await util.promisify(cp.exec)(req.query.cmd); // expect: command-injection
});
app.get("/calc", (req, res) => {
  cp.execFileSync("node", ["-e", req.query.expr]); // expect: command-injection
});

function runProgram(req, res) {
  spawn(req.params.cmd, []); // expect: command-injection
}

function runScript(req, res) {
  spawn("node", [req.query.script]); // expect: command-injection
}
