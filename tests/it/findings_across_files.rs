//! Findings that depend on more than one file or on where a file sits: parameters every
//! caller fills with constants, re-exported imports, test code and build scripts.

use crate::analyze::json_findings;
use crate::support::Dir;

/// (file, severity) of each finding of `detector`, in report order.
fn files_and_severities(dir: &Dir, detector: &str) -> Vec<(String, String)> {
    json_findings(dir, &[])
        .iter()
        .filter(|f| f["detector"] == detector)
        .map(|f| {
            (
                f["file"].as_str().unwrap_or("").to_string(),
                f["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// A parameter reaching a sink is a finding while a caller may pass anything: not when
/// every call in its file passes a constant and nothing elsewhere calls it; again once
/// another file calls it, and not once that call is gone (through the cache, as edits
/// would).
#[test]
fn a_parameter_every_caller_fills_with_a_constant_is_no_finding() {
    let dir = Dir::new();
    dir.write(
        "tools.py",
        "import os\n\ndef run_tool(cmd):\n    os.system(cmd)\n\ndef main():\n    run_tool(\"ls -l\")\n",
    );
    let injections = |dir: &Dir| -> Vec<(String, u64)> {
        json_findings(dir, &[])
            .iter()
            .filter(|f| f["detector"] == "command-injection")
            .map(|f| {
                (
                    f["file"].as_str().unwrap_or("").to_string(),
                    f["line"].as_u64().unwrap_or(0),
                )
            })
            .collect()
    };
    assert_eq!(injections(&dir), Vec::<(String, u64)>::new());
    dir.write(
        "cli.py",
        "import sys\nfrom tools import run_tool\n\ndef entry(argument):\n    run_tool(argument)\n",
    );
    assert_eq!(injections(&dir), vec![("tools.py".to_string(), 4)]);
    dir.write(
        "cli.py",
        "import tools\n\ndef entry(argument):\n    print(argument)\n",
    );
    assert_eq!(injections(&dir), Vec::<(String, u64)>::new());
}

/// A flow from a source in test code (a test server's view) is shown at low severity: it
/// is not deployed, and must not fail a build as the same flow in the program does.
#[test]
fn a_flow_in_test_code_is_low() {
    let dir = Dir::new();
    let view = "from urllib.request import urlopen\n\ndef fetch(request):\n    return urlopen(request.GET[\"url\"])\n";
    dir.write("app/views.py", view);
    dir.write("tests/servers/views.py", view);
    let mut found: Vec<(String, String)> = files_and_severities(&dir, "ssrf");
    found.sort();
    assert_eq!(
        found,
        vec![
            ("app/views.py".to_string(), "high".to_string()),
            ("tests/servers/views.py".to_string(), "low".to_string()),
        ]
    );
}

/// A build script's environment is cargo's: reading `RUSTC` and running it is no finding
/// there, while the same code in the program is (at the low level of local input).
#[test]
fn a_build_script_trusts_its_environment() {
    let dir = Dir::new();
    let code = "use std::process::Command;\n\nfn main() {\n    let rustc = std::env::var(\"RUSTC\").unwrap_or_default();\n    Command::new(rustc).arg(\"--version\").status().ok();\n}\n";
    dir.write(
        "Cargo.toml",
        "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
    );
    dir.write("build.rs", code);
    dir.write("src/main.rs", code);
    let found: Vec<(String, String)> = files_and_severities(&dir, "command-injection");
    assert_eq!(found, vec![("src/main.rs".to_string(), "low".to_string())]);
}

/// A name a module imports without using it, but which another file imports from that
/// module, is re-exported (a compatibility shim): not an unused import.
#[test]
fn an_import_another_file_takes_from_the_module_is_used() {
    let dir = Dir::new();
    dir.write("pkg/__init__.py", "");
    dir.write(
        "pkg/compat.py",
        "try:\n    from psycopg import errors, sql\nexcept ImportError:\n    from psycopg2 import errors, sql\n",
    );
    let unused = |dir: &Dir| -> Vec<(String, u64, String)> {
        json_findings(dir, &[])
            .iter()
            .filter(|f| f["detector"] == "unused-import")
            .map(|f| {
                (
                    f["file"].as_str().unwrap_or("").to_string(),
                    f["line"].as_u64().unwrap_or(0),
                    f["message"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    let all = unused(&dir);
    assert_eq!(all.len(), 4, "{all:?}");
    dir.write(
        "pkg/creation.py",
        "from .compat import errors\n\ndef create():\n    return errors\n",
    );
    let left = unused(&dir);
    assert_eq!(left.len(), 2, "{left:?}");
    assert!(
        left.iter()
            .all(|(file, _, message)| file == "pkg/compat.py" && message.contains("`sql`")),
        "{left:?}"
    );
}

/// Request data handed by an anonymous route callback (the way Express handlers are
/// written) to a helper in another file is followed into it: the callback has no graph
/// node, so the call is the module's.
#[test]
fn an_anonymous_route_callback_passes_request_data_to_another_files_helper() {
    let dir = Dir::with_fixture(
        r#"
//- shell.js
const { exec } = require("child_process");
function run(command) {
  exec(command);
}
module.exports = { run };
//- server.js
const express = require("express");
const { run } = require("./shell");
const app = express();
app.get("/list", (req, res) => {
  run("ls " + req.query.dir);
});
"#,
    );
    let findings = json_findings(&dir, &[]);
    let injections: Vec<(String, u64, String)> = findings
        .iter()
        .filter(|f| f["detector"] == "command-injection")
        .map(|f| {
            (
                f["file"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64().unwrap_or(0),
                f["severity"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    assert!(
        injections.contains(&("server.js".to_string(), 5, "critical".to_string())),
        "{injections:?}"
    );
}

/// A flow followed into another file's function names that file at each of its steps
/// there, in the JSON report and in SARIF's `codeFlows`: a step's line is a line of its
/// own file.
#[test]
fn a_flow_into_another_file_places_each_step_in_its_file() {
    let dir = Dir::with_fixture(
        r#"
//- shell.js
const { exec } = require("child_process");
function run(command) {
  const line = "ls " + command;
  exec(line);
}
module.exports = { run };
//- server.js
const express = require("express");
const { run } = require("./shell");
const app = express();
app.get("/list", (req, res) => {
  run(req.query.dir);
});
"#,
    );
    let findings = json_findings(&dir, &[]);
    let finding = findings
        .iter()
        .find(|f| f["detector"] == "command-injection" && f["file"] == "server.js")
        .unwrap_or_else(|| panic!("no finding at the route: {findings:?}"));
    let steps: Vec<(String, u64)> = finding["flow"]
        .as_array()
        .expect("flow")
        .iter()
        .map(|s| {
            (
                s["file"].as_str().unwrap_or("").to_string(),
                s["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        steps.first(),
        Some(&("server.js".to_string(), 5)),
        "{steps:?}"
    );
    assert_eq!(
        steps.last(),
        Some(&("shell.js".to_string(), 4)),
        "{steps:?}"
    );
    assert!(
        steps.iter().any(|s| s == &("shell.js".to_string(), 2)),
        "{steps:?}"
    );
    let notes: Vec<&str> = finding["flow"]
        .as_array()
        .expect("flow")
        .iter()
        .filter_map(|s| s["note"].as_str())
        .collect();
    assert!(notes.iter().all(|n| !n.contains("shell.js")), "{notes:?}");
    let message = finding["message"].as_str().unwrap_or_default();
    assert!(message.contains("(1 call away)"), "{message}");

    let sarif = crate::analyze::analyze(&dir, &["--format", "sarif", "--fail-on", "never"]);
    let sarif: serde_json::Value =
        serde_json::from_str(&crate::support::stdout(&sarif)).expect("sarif");
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    let at_route = results
        .iter()
        .find(|r| {
            r["ruleId"] == "command-injection"
                && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "server.js"
        })
        .expect("a SARIF result at the route");
    let places: Vec<(String, u64)> = at_route["codeFlows"][0]["threadFlows"][0]["locations"]
        .as_array()
        .expect("code flow")
        .iter()
        .map(|l| {
            let at = &l["location"]["physicalLocation"];
            (
                at["artifactLocation"]["uri"]
                    .as_str()
                    .unwrap_or("")
                    .to_string(),
                at["region"]["startLine"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(places, steps);
}

/// A session reuses a taint detector's hits while nothing it reads changed; the file-local
/// findings that detector withdrew stay withdrawn (a parameter every caller fills with a
/// constant; an audit finding a resolved call turned into a real one).
#[test]
fn reused_taint_hits_keep_their_withdrawals() {
    use std::sync::Arc;

    use repotoire::detect::analyze::{Catalog, analyze};
    use repotoire::detect::config::Config;
    use repotoire::detect::memory::Memory;
    use repotoire::engine::{Engine, Options};

    let dir = Dir::with_fixture(
        r#"
//- tools.py
import os

def run_tool(cmd):
    os.system(cmd)

def main():
    run_tool("ls -l")
//- inputs.py
from flask import request

def command():
    return request.args["cmd"]
//- run.py
import os
from inputs import command

def main():
    os.system(command())
"#,
    );
    let catalog = Catalog::builtin().unwrap();
    let mut config = Config::load(dir.path()).unwrap();
    config.audit = true;
    let engine = Engine::new(
        dir.path(),
        Options {
            use_cache: false,
            pass: Some(Arc::new(catalog.pass().unwrap())),
            ..Options::default()
        },
    )
    .unwrap();
    let report = engine.refresh();
    let memory = Memory::session();
    let run = || -> Vec<(String, u32, bool)> {
        let analysis = analyze(
            &engine.snapshot(),
            &report.local,
            &catalog,
            &config,
            None,
            &memory,
        );
        analysis
            .findings
            .iter()
            .filter(|f| f.detector == "command-injection")
            .map(|f| (f.file.clone(), f.line, f.message.contains("review it")))
            .collect()
    };
    let first = run();
    assert_eq!(first, vec![("run.py".to_string(), 5, false)], "{first:?}");
    assert_eq!(run(), first);
}
