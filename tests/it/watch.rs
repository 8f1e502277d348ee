//! `repotoire watch --format jsonl` through a scripted sequence of edits: each edit's event,
//! and at the end the findings equal a cold `analyze` of the same tree.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

use serde_json::Value;

use crate::support::{Dir, SHOP, cmd};

struct Watcher {
    child: Child,
    lines: Receiver<String>,
    /// Fingerprints of the findings the events add up to.
    findings: BTreeSet<String>,
    syntax_errors: Vec<Value>,
    warnings: Vec<String>,
    /// Analyses published before value flow was solved.
    pending: usize,
}

impl Watcher {
    /// `watch .` from inside the folder (`from_inside`), or `watch /absolute/path`.
    fn start(dir: &Dir, from_inside: bool) -> Watcher {
        let mut command = Command::new(env!("CARGO_BIN_EXE_repotoire"));
        command.args(["watch", "--format", "jsonl", "--debounce", "50"]);
        if from_inside {
            command.current_dir(dir.path()).arg(".");
        } else {
            command.arg(dir.path());
        }
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Watcher {
            child,
            lines,
            findings: BTreeSet::new(),
            syntax_errors: Vec::new(),
            warnings: Vec::new(),
            pending: 0,
        }
    }

    /// Events up to the next `analysis_finished`, folded into the findings; that event. The
    /// timeout only keeps a broken watcher from hanging the suite.
    fn next(&mut self) -> Value {
        let mut first: Option<Value> = None;
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(120))
                .expect("the watcher printed nothing for two minutes");
            let event: Value =
                serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            let fingerprint = || {
                event["finding"]["fingerprint"]
                    .as_str()
                    .unwrap()
                    .to_string()
            };
            match event["event"].as_str().unwrap() {
                "finding_added" => {
                    assert!(self.findings.insert(fingerprint()), "added twice: {line}")
                }
                "finding_resolved" => assert!(
                    self.findings.remove(&fingerprint()),
                    "resolved but never added: {line}"
                ),
                "syntax_error" => self.syntax_errors.push(event),
                "warning" => self
                    .warnings
                    .push(event["message"].as_str().unwrap_or_default().to_string()),
                // A save is published at once and again once value flow is solved:
                // the first analysis of the save, after its last.
                "analysis_finished" if event["pending"] == true => {
                    self.pending += 1;
                    first.get_or_insert(event);
                }
                "analysis_finished" => return first.unwrap_or(event),
                other => panic!("unknown event {other}"),
            }
        }
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn changed(event: &Value) -> Vec<&str> {
    event["changed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect()
}

fn cold_findings(dir: &Dir) -> BTreeSet<String> {
    let output = cmd(dir.path())
        .args([
            "--no-cache",
            "analyze",
            "--format",
            "json",
            "--fail-on",
            "never",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["fingerprint"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn edits_are_reported_one_by_one_and_end_where_a_cold_analysis_does() {
    let dir = Dir::with_fixture(SHOP);
    let mut watcher = Watcher::start(&dir, true);
    let first = watcher.next();
    assert_eq!(first["initial"], true);
    assert_eq!(first["files"], 6);
    assert_eq!(
        watcher.findings,
        cold_findings(&dir),
        "the first analysis is a cold one"
    );

    // An edit that adds a command injection.
    dir.append(
        "shop/api.py",
        "\n\ndef wipe(request):\n    import os\n    os.system(request.args[\"c\"])\n",
    );
    let event = watcher.next();
    assert_eq!(changed(&event), ["shop/api.py"]);
    assert_eq!(event["added"], 1);
    assert_eq!(
        watcher.pending, 1,
        "published before value flow, then after"
    );
    assert!(event["health_change"].as_i64().unwrap() <= 0);

    // An editor's atomic save: a temporary file renamed over the original (ping/pong gone).
    let payments = std::fs::read_to_string(dir.join("shop/payments.py")).unwrap();
    let without_cycle = payments.split("\n\ndef ping").next().unwrap().to_string() + "\n";
    dir.write("shop/.payments.py.tmp", &without_cycle);
    std::fs::rename(
        dir.join("shop/.payments.py.tmp"),
        dir.join("shop/payments.py"),
    )
    .unwrap();
    let event = watcher.next();
    assert_eq!(changed(&event), ["shop/payments.py"]);

    // A new file; then a syntax error, reported while watching goes on.
    dir.write("shop/admin.py", "import subprocess\n\n\ndef run(request):\n    subprocess.run(request.args[\"c\"], shell=True)\n");
    let event = watcher.next();
    assert_eq!(changed(&event), ["shop/admin.py"]);
    assert_eq!(event["added"], 1);
    dir.write("shop/bad.py", "def broken(:\n    pass\n");
    let event = watcher.next();
    assert_eq!(changed(&event), ["shop/bad.py"]);
    assert_eq!(watcher.syntax_errors.len(), 1);
    assert_eq!(watcher.syntax_errors[0]["file"], "shop/bad.py");

    // A file in an ignored folder changes nothing; the next real edit is reported alone.
    dir.write(
        "node_modules/pkg/index.py",
        "import os\nos.system(input())\n",
    );
    dir.append("shop/models.py", "\n\ndef unused_helper():\n    return 1\n");
    let event = watcher.next();
    assert_eq!(changed(&event), ["shop/models.py"]);

    // A rename and a delete.
    std::fs::rename(dir.join("shop/admin.py"), dir.join("shop/admin_tools.py")).unwrap();
    let event = watcher.next();
    assert_eq!(changed(&event), ["shop/admin.py", "shop/admin_tools.py"]);
    std::fs::remove_file(dir.join("shop/bad.py")).unwrap();
    let event = watcher.next();
    assert_eq!(changed(&event), ["shop/bad.py"]);

    assert_eq!(
        watcher.findings,
        cold_findings(&dir),
        "after the edits, the same findings as a cold analysis"
    );
}

#[test]
fn a_checkout_storm_is_coalesced_and_ctrl_c_exits_0() {
    let dir = Dir::with_fixture(SHOP);
    let mut watcher = Watcher::start(&dir, false);
    assert_eq!(watcher.next()["initial"], true);
    // Like `git checkout` of another branch: a thousand files at once.
    for i in 0..1000 {
        dir.write(
            &format!("generated/mod_{i}.py"),
            format!("def f_{i}(x):\n    return x + {i}\n"),
        );
    }
    let mut runs = 0;
    loop {
        let event = watcher.next();
        runs += 1;
        if event["files"] == 1006 {
            break;
        }
    }
    // Not one analysis per file: events are debounced and the batches that arrive while
    // an analysis runs are merged. How many analyses a storm takes depends on how fast the
    // disk writes the files (1–3 when they land within a debounce window; ~16 here when
    // this disk took 1 ms a file), so the bound asks for ten files an analysis on average.
    assert!(
        runs <= 100,
        "{runs} analyses for one storm of 1000 files: events were not coalesced"
    );
    assert_eq!(watcher.findings, cold_findings(&dir));

    let status = Command::new("kill")
        .args(["-INT", &watcher.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = watcher.child.wait().unwrap();
    assert_eq!(exit.code(), Some(0), "Ctrl+C ends watching cleanly");
}

/// The Python file that made tree-sitter abort the process (an indentation stack too deep
/// for the grammar's scanner to serialise), saved while watching: it is reported as not
/// analysed, and the watcher goes on with the next edit.
#[test]
fn a_file_that_would_abort_the_parser_is_skipped_and_watching_goes_on() {
    let dir = Dir::with_fixture(SHOP);
    let mut watcher = Watcher::start(&dir, true);
    assert_eq!(watcher.next()["initial"], true);
    dir.write("shop/deep.py", crate::bad_input::aborting_python());
    let event = watcher.next();
    assert_eq!(event["files"], 6, "{event}");
    assert!(
        watcher
            .warnings
            .iter()
            .any(|w| w.contains("shop/deep.py") && w.contains("indentation levels")),
        "{:?}",
        watcher.warnings
    );
    assert!(
        watcher.child.try_wait().unwrap().is_none(),
        "the watcher died"
    );
    dir.append("shop/models.py", "\n\ndef after():\n    return 1\n");
    let event = watcher.next();
    assert_eq!(changed(&event), ["shop/models.py"]);
}
