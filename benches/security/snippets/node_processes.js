const { spawn, execFile } = require("child_process");
const execa = require("execa");
const express = require("express");

const app = express();

app.get("/shell", (req, res) => {
  // ruleid: command
  spawn("sh", ["-c", req.query.cmd]);
  // ok: command
  spawn("git", ["log", "--oneline", req.query.ref]);
  res.end();
});

app.get("/execa", async (req, res) => {
  // ruleid: command
  await execa.command(req.query.cmd);
  // ok: command
  await execa("convert", [req.query.file, "out.png"]);
  res.end();
});

app.get("/file", (req, res) => {
  // ok: command
  execFile("file", ["--brief", req.query.name]);
  res.end();
});
