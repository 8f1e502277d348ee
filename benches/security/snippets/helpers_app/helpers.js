const { exec } = require("child_process");

function normalise(s) {
  return String(s).trim().toLowerCase();
}

function runLookup(host, done) {
  // ruleid: command
  exec("nslookup " + host, (err, stdout) => done(stdout));
}

module.exports = { normalise, runLookup };
