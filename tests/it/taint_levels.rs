//! Which level a taint finding lands at depends on where the value comes from: request
//! data reaching a sink through the file's own helpers, a framework's parameter
//! decorators, a shell's argv, a timer or a field an earlier method set is a finding at the
//! rule's severity; the same sink fed by an undecorated parameter stays medium ("callers
//! decide").

use serde_json::Value;

use crate::analyze::json_findings;
use crate::support::Dir;

/// (line, detector, severity) of each security finding in `file`.
fn security(findings: &[Value], file: &str) -> Vec<(u64, String, String)> {
    let mut out: Vec<(u64, String, String)> = findings
        .iter()
        .filter(|f| f["file"] == file && f["category"] == "security")
        .map(|f| {
            (
                f["line"].as_u64().unwrap_or(0),
                f["detector"].as_str().unwrap_or("").to_string(),
                f["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

fn finding(line: u64, detector: &str, severity: &str) -> (u64, String, String) {
    (line, detector.to_string(), severity.to_string())
}

#[test]
fn request_data_keeps_its_level_through_helpers_decorators_shells_and_timers() {
    let dir = Dir::with_fixture(
        r#"
//- app.py
import sqlite3, subprocess
from flask import Flask, request
app = Flask(__name__)

def by_id(uid):
    return "SELECT * FROM t WHERE id = " + uid

@app.route("/a")
def a():
    sqlite3.connect("db").execute(by_id(request.args["id"]))

@app.route("/b")
def b():
    subprocess.run(["sh", "-c", "ls " + request.args["dir"]])

def c(directory):
    subprocess.run(["sh", "-c", "ls " + directory])
//- tools.controller.ts
import { execSync } from "child_process";

export class ToolsController {
  @Get("ping")
  ping(@Query("host") host: string) {
    execSync("ping -c 1 " + host);
  }

  run(host: string) {
    execSync("ping -c 1 " + host);
  }
}

export function later(req: any) {
  setTimeout(req.query.callback, 100);
}
"#,
    );
    let findings = json_findings(&dir, &[]);
    let expected = [
        (
            "app.py",
            vec![
                finding(10, "sql-injection", "critical"),
                finding(14, "command-injection", "critical"),
                finding(17, "command-injection", "medium"),
            ],
        ),
        (
            "tools.controller.ts",
            vec![
                finding(6, "command-injection", "critical"),
                finding(10, "command-injection", "medium"),
                finding(15, "code-injection", "critical"),
            ],
        ),
    ];
    for (file, levels) in expected {
        assert_eq!(security(&findings, file), levels, "{file}: {findings:#?}");
    }
}

#[test]
fn a_field_one_method_sets_from_a_request_is_tainted_in_the_classs_later_methods() {
    let dir = Dir::with_fixture(
        r#"
//- job.py
import os
from flask import request

class Job:
    def __init__(self):
        self.name = request.args["n"]

    def run(self):
        os.system("echo " + self.name)

class Other:
    def run(self):
        os.system("echo " + self.name)
//- task.js
const { exec } = require("child_process");
class Task {
  constructor(req) {
    this.dir = req.query.dir;
  }
  start() {
    exec("ls " + this.dir);
  }
}
class Other {
  start() {
    exec("ls " + this.dir);
  }
}
"#,
    );
    let findings = json_findings(&dir, &[]);
    assert_eq!(
        security(&findings, "job.py"),
        vec![finding(9, "command-injection", "critical")],
        "{findings:#?}"
    );
    assert_eq!(
        security(&findings, "task.js"),
        vec![finding(7, "command-injection", "critical")],
        "{findings:#?}"
    );
}
