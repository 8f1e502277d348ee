//! The binary: graph export (JSON, DOT), stats, verbosity and exit codes.

use crate::support::{Dir, cmd, stderr, stdout};

const FIXTURE: &str = r#"
//- pkg/__init__.py
//- pkg/a.py
from pkg.b import helper

def run():
    helper()
//- pkg/b.py
def helper():
    pass
"#;

#[test]
fn graph_export_json_prints_nodes_and_edges_in_the_contract_shape() {
    let dir = Dir::with_fixture(FIXTURE);
    let output = cmd(dir.path())
        .args(["--headless", "graph", "export", "--format", "json", "."])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let graph: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let nodes = graph["nodes"].as_array().unwrap();
    let edges = graph["edges"].as_array().unwrap();
    for node in nodes {
        let keys: Vec<&str> = node
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "end_line",
                "file",
                "id",
                "kind",
                "line",
                "name",
                "qualified_name"
            ]
        );
    }
    let by_id = |id: &serde_json::Value| {
        nodes.iter().find(|n| &n["id"] == id).unwrap()["qualified_name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let call = edges.iter().find(|e| e["kind"] == "calls").unwrap();
    assert_eq!(
        (by_id(&call["source"]), by_id(&call["target"])),
        ("pkg.a.run".into(), "pkg.b.helper".into())
    );
    assert_eq!(call["confidence"], 1.0);
    let run = nodes
        .iter()
        .find(|n| n["qualified_name"] == "pkg.a.run")
        .unwrap();
    assert_eq!(
        (
            run["kind"].as_str(),
            run["file"].as_str(),
            run["line"].as_u64(),
            run["end_line"].as_u64()
        ),
        (Some("function"), Some("pkg/a.py"), Some(3), Some(4))
    );
}

#[test]
fn graph_export_json_shows_builtins_and_libraries_as_nodes_without_a_file() {
    let dir = Dir::with_fixture(
        r#"
//- app.py
import os

def run(x):
    print(len(x))
    os.path.join(x)
    os.path.join(x, x)
"#,
    );
    let output = cmd(dir.path())
        .args(["--headless", "graph", "export", "--format", "json", "."])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let graph: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let nodes = graph["nodes"].as_array().unwrap();
    let node = |name: &str| {
        nodes
            .iter()
            .find(|n| n["qualified_name"] == name)
            .unwrap_or_else(|| panic!("no node {name}"))
    };
    let join = node("os.path.join");
    assert_eq!(
        (
            join["kind"].as_str(),
            join["name"].as_str(),
            join["file"].is_null(),
            join["line"].as_u64()
        ),
        (Some("external"), Some("join"), true, Some(0))
    );
    assert_eq!(node("builtins.len")["kind"], "builtin");
    let ids: std::collections::HashSet<&serde_json::Value> =
        nodes.iter().map(|n| &n["id"]).collect();
    assert_eq!(ids.len(), nodes.len(), "ids are unique");
    let run = &node("app.run")["id"];
    let mut callees: Vec<(&str, f64)> = graph["edges"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "calls" && &e["source"] == run)
        .map(|e| {
            let target = nodes.iter().find(|n| n["id"] == e["target"]).unwrap();
            (
                target["qualified_name"].as_str().unwrap(),
                e["confidence"].as_f64().unwrap(),
            )
        })
        .collect();
    callees.sort_by(|a, b| a.0.cmp(b.0));
    // Two calls of one function are one edge.
    assert_eq!(
        callees,
        [
            ("builtins.len", 1.0),
            ("builtins.print", 1.0),
            ("os.path.join", 1.0)
        ]
    );
}

#[test]
fn graph_export_dot_prints_modules_or_functions() {
    let dir = Dir::with_fixture(FIXTURE);
    let modules = stdout(
        &cmd(dir.path())
            .args(["graph", "export", "--format", "dot", "."])
            .output()
            .unwrap(),
    );
    assert!(modules.starts_with("digraph repotoire {"), "{modules}");
    assert!(
        modules.contains("[label=\"pkg.a\"]") && modules.contains("label=\"imports 1\""),
        "{modules}"
    );
    assert!(!modules.contains("pkg.a.run"));
    let functions = stdout(
        &cmd(dir.path())
            .args([
                "graph", "export", "--format", "dot", "--level", "function", ".",
            ])
            .output()
            .unwrap(),
    );
    assert!(
        functions.contains("[label=\"pkg.a.run\"]") && functions.contains("[label=\"1.0\"]"),
        "{functions}"
    );
}

#[test]
fn graph_stats_reports_counts_resolution_and_time_per_stage() {
    let dir = Dir::with_fixture(FIXTURE);
    dir.write("bin.py", b"\x00\x01\x02binary");
    let output = cmd(dir.path())
        .args(["graph", "stats", "."])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for expected in [
        "files        3 (python 3)",
        "skipped      1 (binary 1); -v lists them",
        "nodes        8 (class 0, file 3, function 2, method 0, module 3)",
        "calls        1 sites: resolved 1 (100.0%), ambiguous 0 (0.0%), unresolved 0 (0.0%; builtins 0, libraries 0)",
        "cache        parsed 3, reused 0",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert!(text.contains("time         walk"), "{text}");
    let json = stdout(
        &cmd(dir.path())
            .args(["graph", "stats", "--format", "json", "."])
            .output()
            .unwrap(),
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["cache"]["reused"], 3);
    assert_eq!(value["skipped_files"][0]["path"], "bin.py");
}

#[test]
fn verbose_says_how_many_files_were_reused() {
    let dir = Dir::with_fixture(FIXTURE);
    cmd(dir.path())
        .args(["graph", "stats", "."])
        .output()
        .unwrap();
    dir.append("pkg/b.py", "\ndef more():\n    pass\n");
    let output = cmd(dir.path())
        .args(["-v", "graph", "stats", "."])
        .output()
        .unwrap();
    assert!(
        stderr(&output).contains("3 files: parsed 1, reused 2 from the cache, skipped 0"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_path_that_does_not_exist_exits_2_with_one_line() {
    let dir = Dir::new();
    let output = cmd(dir.path())
        .args(["graph", "stats", "no/such/dir"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no/such/dir") && err.contains("no such file or directory"),
        "{err}"
    );
}

#[test]
fn a_file_given_as_the_root_exits_2_naming_it() {
    let dir = Dir::with_fixture(FIXTURE);
    let output = cmd(dir.path())
        .args(["graph", "stats", "pkg/a.py"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("pkg/a.py: not a directory"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn an_unknown_flag_is_a_usage_error() {
    let dir = Dir::new();
    let output = cmd(dir.path())
        .args(["graph", "stats", "--bogus"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_closed_stdout_is_not_an_error() {
    let dir = Dir::with_fixture(FIXTURE);
    let mut child = cmd(dir.path())
        .args(["graph", "export", "."])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn logs_to_a_pipe_carry_no_colour_codes() {
    let dir = Dir::with_fixture(FIXTURE);
    let output = cmd(dir.path())
        .env("REPOTOIRE_LOG", "repotoire=debug")
        .args(["graph", "stats", "--no-cache", "."])
        .output()
        .unwrap();
    let err = stderr(&output);
    assert!(err.contains("phase=\"calls\""), "{err}");
    assert!(!err.contains('\u{1b}'), "{err}");
}

#[test]
fn the_workstation_without_a_terminal_says_so_in_one_line_and_exits_2() {
    let dir = Dir::new();
    dir.write("a.py", "x = 1\n");
    for (term, why) in [("xterm", "stdout is not a terminal"), ("dumb", "TERM=dumb")] {
        let output = cmd(dir.path()).env("TERM", term).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        let err = stderr(&output);
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(why), "{err}");
        assert!(err.contains("--headless analyze"), "{err}");
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn headless_without_a_command_prints_the_usage_and_exits_2() {
    let dir = Dir::new();
    let output = cmd(dir.path()).arg("--headless").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.starts_with("Usage: repotoire"), "{err}");
    assert!(err.contains("needs a command"), "{err}");
}

#[test]
fn replay_of_a_bad_recording_names_the_file_and_line() {
    let dir = Dir::new();
    dir.write(
        "r.jsonl",
        "{\"msg\":\"resize\",\"width\":80,\"height\":24}\n{\"msg\":\"nope\"}\n",
    );
    let output = cmd(dir.path())
        .args(["replay", "r.jsonl"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.contains("r.jsonl:2: not a message"), "{err}");
    let output = cmd(dir.path())
        .args(["replay", "r.jsonl", "--size", "5x5"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("COLSxROWS"));
}

#[test]
fn a_hosted_program_that_is_not_installed_is_one_line_naming_it() {
    let dir = Dir::new();
    let output = cmd(dir.path())
        .args(["--agent", "surely-not-installed-agent"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("cannot start `surely-not-installed-agent`"),
        "{err}"
    );
    let output = cmd(dir.path()).args(["--agent"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--agent needs a program"));
}
