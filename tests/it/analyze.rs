//! `repotoire analyze` end to end: formats, exit codes, suppressions, baselines, `--diff`,
//! configuration, and the SARIF output checked by Microsoft's validator.

use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::support::{Dir, cmd, stderr, stdout};

/// One high finding (weak TLS), one medium (is-literal comparison), one low (unused import).
const PROJECT: &str = r#"
//- app/client.py
import os
import requests


def fetch(url):
    return requests.get(url, verify=False, timeout=10)


def done(status):
    return status is "done"
//- app/clean.py
def add(a, b):
    return a + b
"#;

pub(crate) fn analyze(dir: &Dir, args: &[&str]) -> std::process::Output {
    let mut all = vec!["--headless", "analyze", "."];
    all.extend_from_slice(args);
    cmd(dir.path()).args(all).output().expect("run repotoire")
}

pub(crate) fn json_findings(dir: &Dir, args: &[&str]) -> Vec<Value> {
    let mut all = vec!["--format", "json", "--fail-on", "never"];
    all.extend_from_slice(args);
    let output = analyze(dir, &all);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: Value = serde_json::from_str(&stdout(&output)).expect("json report");
    report["findings"]
        .as_array()
        .expect("findings array")
        .clone()
}

/// (file, line) of each finding, in report order.
fn places(findings: &[Value]) -> Vec<(String, u64)> {
    findings
        .iter()
        .map(|f| {
            (
                f["file"].as_str().unwrap_or("").to_string(),
                f["line"].as_u64().unwrap_or(0),
            )
        })
        .collect()
}

fn detectors(findings: &[Value]) -> Vec<String> {
    let mut ids: Vec<String> = findings
        .iter()
        .map(|f| f["detector"].as_str().unwrap_or("").to_string())
        .collect();
    ids.sort();
    ids
}

#[test]
fn text_groups_findings_by_file_and_fails_on_high() {
    let dir = Dir::with_fixture(PROJECT);
    let output = analyze(&dir, &[]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "a high finding fails the default --fail-on high"
    );
    let text = stdout(&output);
    assert!(text.contains("app/client.py"), "{text}");
    assert!(text.contains("tls-verification-disabled"), "{text}");
    assert!(
        text.contains("requests.get(url, verify=False, timeout=10)"),
        "the excerpt is shown: {text}"
    );
    assert!(
        !text.contains("app/clean.py"),
        "a clean file has no group: {text}"
    );
    assert!(
        text.contains("health "),
        "a health score closes the report: {text}"
    );
    assert!(!text.contains('\u{1b}'), "NO_COLOR: no escape codes");

    assert_eq!(
        analyze(&dir, &["--fail-on", "never"]).status.code(),
        Some(0)
    );
    assert_eq!(
        analyze(&dir, &["--fail-on", "critical"]).status.code(),
        Some(0)
    );
    assert_eq!(
        analyze(
            &dir,
            &["--fail-on", "low", "--only", "is-literal-comparison"]
        )
        .status
        .code(),
        Some(1)
    );
}

#[test]
fn json_carries_the_contract_fields() {
    let dir = Dir::with_fixture(PROJECT);
    let findings = json_findings(&dir, &[]);
    assert_eq!(
        detectors(&findings),
        [
            "is-literal-comparison",
            "tls-verification-disabled",
            "unused-import"
        ]
    );
    let tls = findings
        .iter()
        .find(|f| f["detector"] == "tls-verification-disabled")
        .expect("tls finding");
    assert_eq!(
        (
            tls["file"].as_str(),
            tls["line"].as_u64(),
            tls["severity"].as_str()
        ),
        (Some("app/client.py"), Some(6), Some("high"))
    );
    assert_eq!(tls["symbol"].as_str(), Some("app.client.fetch"));
    assert_eq!(tls["cwe"].as_str(), Some("CWE-295"));
    assert!(tls["fingerprint"].as_str().is_some_and(|f| f.len() >= 16));
}

#[test]
fn output_file_and_markdown_summary() {
    let dir = Dir::with_fixture(PROJECT);
    let output = analyze(
        &dir,
        &[
            "--format",
            "markdown",
            "--output",
            "report.md",
            "--fail-on",
            "never",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).is_empty(),
        "the report goes to the file only"
    );
    let markdown = std::fs::read_to_string(dir.join("report.md")).expect("report written");
    assert!(
        markdown.contains("| Severity |") || markdown.contains("| severity |"),
        "{markdown}"
    );
    assert!(markdown.contains("tls-verification-disabled"), "{markdown}");
}

#[test]
fn suppressions_on_the_line_above_and_for_the_file() {
    let dir = Dir::with_fixture(PROJECT);
    dir.write(
        "app/client.py",
        "import os  # repotoire: ignore[unused-import]\nimport requests\n\n\ndef fetch(url):\n    # repotoire: ignore[tls-verification-disabled]\n    return requests.get(url, verify=False, timeout=10)\n",
    );
    dir.write("app/other.py", "# repotoire: ignore-file[is-literal-comparison]\n\n\ndef done(status):\n    return status is \"done\"\n");
    assert!(json_findings(&dir, &[]).is_empty());
}

#[test]
fn a_baseline_keeps_old_findings_from_failing_and_survives_line_shifts() {
    let dir = Dir::with_fixture(PROJECT);
    let written = analyze(
        &dir,
        &["--write-baseline", "baseline.json", "--fail-on", "never"],
    );
    assert!(written.status.success(), "{}", stderr(&written));
    assert_eq!(
        analyze(&dir, &["--baseline", "baseline.json"])
            .status
            .code(),
        Some(0)
    );

    // Two lines pushed in above: the old findings still match.
    let old = std::fs::read_to_string(dir.join("app/client.py")).expect("read");
    dir.write("app/client.py", format!("\"\"\"Client.\"\"\"\n\n{old}"));
    assert_eq!(
        analyze(&dir, &["--baseline", "baseline.json"])
            .status
            .code(),
        Some(0)
    );

    // A new high finding is not in the baseline.
    dir.append(
        "app/client.py",
        "\n\ndef fetch_again(url):\n    return requests.post(url, verify=False, timeout=10)\n",
    );
    let output = analyze(&dir, &["--baseline", "baseline.json"]);
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
}

fn git(dir: &Dir, args: &[&str]) {
    let status = Command::new("git")
        .args([
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.com",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir.path())
        .output()
        .expect("git runs");
    assert!(
        status.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&status.stderr)
    );
}

#[test]
fn diff_reports_only_lines_changed_since_a_ref() {
    let dir = Dir::with_fixture(PROJECT);
    git(&dir, &["init", "-q"]);
    git(&dir, &["add", "."]);
    git(&dir, &["commit", "-q", "-m", "base"]);
    dir.append(
        "app/clean.py",
        "\n\ndef same(kind):\n    return kind is \"same\"\n",
    );
    dir.write("app/new.py", "def other(kind):\n    return kind is not 1\n");
    let findings = json_findings(&dir, &["--diff", "HEAD"]);
    assert_eq!(
        places(&findings),
        [
            ("app/clean.py".to_string(), 6),
            ("app/new.py".to_string(), 2)
        ]
    );
}

#[test]
fn configuration_disables_overrides_and_rejects_unknown_keys() {
    let dir = Dir::with_fixture(PROJECT);
    dir.write(
        "repotoire.toml",
        "[detectors]\ndisable = [\"unused-import\"]\n\n[severity]\nis-literal-comparison = \"critical\"\n",
    );
    let findings = json_findings(&dir, &[]);
    assert_eq!(
        detectors(&findings),
        ["is-literal-comparison", "tls-verification-disabled"]
    );
    assert!(
        findings
            .iter()
            .any(|f| f["detector"] == "is-literal-comparison" && f["severity"] == "critical")
    );

    dir.write(
        "repotoire.toml",
        "[detectors]\ndisabel = [\"unused-import\"]\n",
    );
    let output = analyze(&dir, &[]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("repotoire.toml") && message.contains("disabel"),
        "{message}"
    );

    dir.write("repotoire.toml", "[severity]\nno-such-detector = \"low\"\n");
    let message = stderr(&analyze(&dir, &[]));
    assert!(message.contains("no-such-detector"), "{message}");
}

/// A dangerous sink fed by a value of unknown origin (here a parameter reaching a request
/// sink that does not report parameters) is an audit finding: left out by default, low
/// with `--audit` or `audit = true`, and the cache made without it serves either.
#[test]
fn audit_findings_appear_only_when_auditing() {
    let dir = Dir::with_fixture(PROJECT);
    let plain = json_findings(&dir, &[]);
    assert!(!detectors(&plain).contains(&"ssrf".to_string()));
    assert!(plain.iter().all(|f| f.get("audit").is_none()));
    let audited = json_findings(&dir, &["--audit"]);
    let ssrf: Vec<&Value> = audited.iter().filter(|f| f["detector"] == "ssrf").collect();
    assert_eq!(ssrf.len(), 1, "{audited:?}");
    assert_eq!(ssrf[0]["line"], 6);
    assert_eq!(ssrf[0]["severity"], "low");
    assert_eq!(ssrf[0]["audit"], true);
    assert_eq!(audited.len(), plain.len() + 1);
    let sarif = analyze(
        &dir,
        &["--audit", "--format", "sarif", "--fail-on", "never"],
    );
    let sarif: Value = serde_json::from_str(&stdout(&sarif)).expect("sarif");
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    let review: Vec<&Value> = results.iter().filter(|r| r["kind"] == "review").collect();
    assert_eq!(review.len(), 1);
    assert_eq!(review[0]["ruleId"], "ssrf");
    assert_eq!(review[0]["properties"]["audit"], true);
    dir.write("repotoire.toml", "audit = true\n");
    assert_eq!(json_findings(&dir, &[]), audited);
    dir.write("repotoire.toml", "audit = false\n");
    assert_eq!(json_findings(&dir, &[]), plain);
}

/// A rule that says less (`unsafe-deserialization`) gives way on a line where one that says
/// more (`code-injection`, which traced the request there) reports as severely; alone, or
/// where the other finding is milder or not asked for, it stays.
#[test]
fn a_finding_yields_to_one_that_says_more_on_its_line() {
    let dir = Dir::with_fixture(
        r#"
//- app/views.py
import pickle
from flask import Flask, request

app = Flask(__name__)


@app.route("/load", methods=["POST"])
def load():
    return pickle.loads(request.data)


def cached(path):
    with open(path, "rb") as f:
        return pickle.load(f)
"#,
    );
    let on_line = |findings: &[Value], line: u64| -> Vec<String> {
        let mut ids: Vec<String> = findings
            .iter()
            .filter(|f| f["line"] == line)
            .map(|f| f["detector"].as_str().unwrap_or("").to_string())
            .collect();
        ids.sort();
        ids
    };
    let plain = json_findings(&dir, &[]);
    assert_eq!(on_line(&plain, 9), ["code-injection"], "{plain:?}");
    assert_eq!(on_line(&plain, 14), ["unsafe-deserialization"], "{plain:?}");
    // The audit finding on the file a caller names is low: the medium one stays beside it.
    let audited = json_findings(&dir, &["--audit"]);
    assert_eq!(
        on_line(&audited, 14),
        ["code-injection", "unsafe-deserialization"],
        "{audited:?}"
    );
    let only = json_findings(&dir, &["--only", "unsafe-deserialization"]);
    assert_eq!(on_line(&only, 9), ["unsafe-deserialization"], "{only:?}");
}

/// Local results depend only on the file and the rule set: a config change (disabling a
/// detector, a new threshold) re-runs no parse, yet the findings follow the new config.
#[test]
fn a_configuration_change_parses_nothing_again() {
    let dir = Dir::with_fixture(PROJECT);
    let first = analyze(&dir, &["-v", "--fail-on", "never"]);
    let files = stderr(&first);
    assert!(files.contains("reused 0 from the cache"), "{files}");
    let before = json_findings(&dir, &[]);
    assert!(detectors(&before).contains(&"unused-import".to_string()));
    dir.write(
        "repotoire.toml",
        "[detectors]\ndisable = [\"unused-import\"]\n",
    );
    let again = stderr(&analyze(&dir, &["-v", "--fail-on", "never"]));
    assert!(again.contains(": parsed 0, reused"), "{again}");
    let after = json_findings(&dir, &[]);
    assert!(!detectors(&after).contains(&"unused-import".to_string()));
    assert_eq!(
        after.len(),
        before
            .iter()
            .filter(|f| f["detector"] != "unused-import")
            .count()
    );
}

#[test]
fn vendored_generated_and_minified_code_is_skipped_unless_asked_for() {
    let dir = Dir::with_fixture(PROJECT);
    dir.write(
        "static/vendor/lib.js",
        "function f(a) { return a == \"1\"; }\n",
    );
    dir.write("static/app.min.js", "function g(a){return a==\"1\"}\n");
    // Minified without the name saying so: one long line of code.
    let long = format!(
        "function h(a){{return a==\"1\"}}{}\n",
        ";var x=1".repeat(200)
    );
    dir.write("static/bundle.js", long);
    dir.write(
        "gen/api.js",
        "// Code generated by protoc. DO NOT EDIT.\nfunction k(a) { return a == \"1\"; }\n",
    );
    dir.write("src/app.js", "function m(a) { return a == \"1\"; }\n");
    // A library's distributed build keeps its licence banner.
    dir.write(
        "static/fflate.js",
        "/*!\nfflate - fast compression\nLicensed under MIT\n*/\nexport function n(a) { return a == \"1\"; }\n",
    );
    // One minified line inside a hand-written file: that line only is skipped.
    let mixed = format!(
        "{}function p(a){{return a==\"1\"}}{}\nfunction q(a) {{ return a == \"1\"; }}\n",
        "// A hand-written module.\n".repeat(30),
        ";var y=2".repeat(70)
    );
    dir.write("src/mixed.js", mixed);
    let found = json_findings(&dir, &["--only", "loose-equality"]);
    assert_eq!(
        places(&found),
        [
            ("src/app.js".to_string(), 1),
            ("src/mixed.js".to_string(), 32)
        ],
        "only hand-written code is reported"
    );
    dir.write("repotoire.toml", "include_vendored = true\n");
    assert_eq!(json_findings(&dir, &["--only", "loose-equality"]).len(), 8);
}

#[test]
fn a_folder_mostly_of_vendored_files_is_vendored_whole() {
    let dir = Dir::with_fixture(PROJECT);
    let banner = |name: &str| {
        format!("/*! {name} v1.0 | MIT */\nexport function f(a) {{ return a == \"1\"; }}\n")
    };
    for name in ["fflate", "potpack", "chevrotain"] {
        dir.write(&format!("web/libs/{name}.js"), banner(name));
    }
    // A library's readable build with only its copyright line, among them.
    dir.write(
        "web/libs/meshopt.js",
        "// This file is part of meshoptimizer library.\nexport function g(a) { return a == \"1\"; }\n",
    );
    // One vendored file beside the project's own: the folder is the project's.
    dir.write("web/app/zlib.js", banner("zlib"));
    for name in ["main", "view"] {
        dir.write(
            &format!("web/app/{name}.js"),
            "export function h(a) { return a == \"1\"; }\n",
        );
    }
    let found = json_findings(&dir, &["--only", "loose-equality"]);
    assert_eq!(
        places(&found),
        [
            ("web/app/main.js".to_string(), 1),
            ("web/app/view.js".to_string(), 1)
        ]
    );
    dir.write("repotoire.toml", "include_vendored = true\n");
    assert_eq!(json_findings(&dir, &["--only", "loose-equality"]).len(), 7);
}

#[test]
fn a_module_importing_one_name_twice_is_test_data_not_code() {
    let dir = Dir::with_fixture(PROJECT);
    // Such a module does not load; a bundler's tests keep it to parse.
    dir.write(
        "tests/project/module.js",
        "import * as m from \"./a.js\";\nimport *as m from \"./a.js\";\nimport { first } from \"./a.js\";\n",
    );
    dir.write(
        "tests/project/other.js",
        "import * as m from \"./a.js\";\nimport { first } from \"./a.js\";\nfunction f() {\n  const fs = require(\"fs\");\n}\nfunction g() {\n  const fs = require(\"fs\");\n}\n",
    );
    let found = json_findings(&dir, &["--only", "unused-import"]);
    let mut places = places(&found);
    places.retain(|(file, _)| file.starts_with("tests/project/"));
    assert_eq!(
        places,
        [
            ("tests/project/other.js".to_string(), 1),
            ("tests/project/other.js".to_string(), 2),
            ("tests/project/other.js".to_string(), 4),
            ("tests/project/other.js".to_string(), 7)
        ]
    );
}

#[test]
fn detectors_list_and_show() {
    let dir = Dir::new();
    let list = stdout(
        &cmd(dir.path())
            .args(["detectors", "list"])
            .output()
            .expect("run"),
    );
    let ids: Vec<&str> = list
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for id in [
        "sql-injection",
        "import-cycle",
        "magic-number",
        "mutable-default-argument",
        "clone-in-loop",
        "feature-envy",
    ] {
        assert!(ids.contains(&id), "{id} missing from:\n{list}");
    }
    let show = cmd(dir.path())
        .args(["detectors", "show", "xss-sink"])
        .output()
        .expect("run");
    let text = stdout(&show);
    assert!(show.status.success());
    assert!(
        text.contains("CWE-79") && text.contains("textContent"),
        "what, why, example and instead: {text}"
    );
    let unknown = cmd(dir.path())
        .args(["detectors", "show", "nope"])
        .output()
        .expect("run");
    assert_eq!(unknown.status.code(), Some(2));
}

/// `.ci/run` installs the validator here; without it this test fails and says so.
fn sarif_validator() -> PathBuf {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".ci/node_modules/.bin/sarif-multitool");
    assert!(
        path.exists(),
        "{} is missing: run .ci/run (it installs @microsoft/sarif-multitool)",
        path.display()
    );
    path
}

#[test]
fn sarif_passes_microsofts_validator_and_carries_what_github_reads() {
    let dir = Dir::with_fixture(PROJECT);
    // Every detector's rule metadata goes into the run: use a tree that trips many.
    for entry in walk(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("detectors/security")) {
        if entry
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("positive"))
        {
            let rel = entry
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .expect("inside the crate");
            dir.write(
                &format!("fixtures/{}", rel.display()),
                std::fs::read(&entry).expect("read fixture"),
            );
        }
    }
    let output = analyze(
        &dir,
        &[
            "--format",
            "sarif",
            "--output",
            "out.sarif",
            "--fail-on",
            "never",
            "--audit",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let sarif: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("out.sarif")).expect("sarif written"),
    )
    .expect("json");
    let run = &sarif["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let tls = rules
        .iter()
        .find(|r| r["id"] == "tls-verification-disabled")
        .expect("tls rule");
    assert!(
        tls["help"]["markdown"]
            .as_str()
            .is_some_and(|h| !h.is_empty())
    );
    assert!(
        tls["properties"]["tags"]
            .as_array()
            .is_some_and(|t| t.iter().any(|t| t == "external/cwe/cwe-295"))
    );
    assert!(tls["properties"]["security-severity"].as_str().is_some());
    let results = run["results"].as_array().expect("results");
    assert!(results.len() > 10);
    // Audit findings are "review" results, which the validator holds to level "none".
    assert!(
        results
            .iter()
            .any(|r| r["kind"] == "review" && r["level"] == "none")
    );
    for result in results {
        let uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .expect("uri");
        assert!(!uri.starts_with('/'), "relative: {uri}");
        assert!(
            result["partialFingerprints"]
                .as_object()
                .is_some_and(|f| !f.is_empty())
        );
    }

    let validated = Command::new(sarif_validator())
        .args([
            "validate",
            "out.sarif",
            "--output",
            "validation.sarif",
            "--log",
            "ForceOverwrite",
        ])
        .current_dir(dir.path())
        .output()
        .expect("the validator runs");
    let log = format!(
        "{}{}",
        String::from_utf8_lossy(&validated.stdout),
        String::from_utf8_lossy(&validated.stderr)
    );
    assert!(validated.status.success(), "{log}");
    assert!(log.contains("Analysis completed successfully"), "{log}");
    let problems: Vec<&str> = log
        .lines()
        .filter(|l| l.contains(": error ") || l.contains(": warning "))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        for entry in std::fs::read_dir(&current).expect("read dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path)
            } else {
                out.push(path)
            }
        }
    }
    out
}

/// Two runs over the same tree give byte-identical reports: messages are part of the
/// fingerprints that baselines match on. Several copies of one block make the "duplicated
/// in …" partner depend on hash-map order unless it is chosen deterministically.
#[test]
fn reports_are_identical_from_run_to_run() {
    let dir = Dir::new();
    let block = [
        "    for item in xs:",
        "        if item.get(\"name\") is None or len(item[\"name\"]) > LIMIT:",
        "            raise ValueError(\"bad record: %r\" % (item,))",
        "        price = float(item.get(\"price\", 0)) * (1 + TAX_RATE)",
        "        if price < 0 or price > MAX_PRICE:",
        "            continue",
        "        total.append({\"name\": item[\"name\"].strip(), \"price\": round(price, 2)})",
        "    total.sort(key=lambda r: (r[\"price\"], r[\"name\"]))",
        "    seen = {row[\"name\"] for row in total if row[\"price\"] > 0}",
        "    total = [row for row in total if row[\"name\"] in seen]",
        "",
    ]
    .join("\n");
    for name in ["a", "b", "c", "d", "e"] {
        dir.write(&format!("{name}.py"), format!("def {name}(xs):\n    total = []\n    if not xs:\n        return None\n{block}    return total\n"));
    }
    let first = json_findings(&dir, &["--no-cache"]);
    assert!(
        first
            .iter()
            .filter(|f| f["detector"] == "duplicated-blocks")
            .count()
            >= 5,
        "{first:?}"
    );
    for _ in 0..3 {
        assert_eq!(json_findings(&dir, &["--no-cache"]), first);
    }
}

/// A repository's own rule, with a TypeScript query the repository has no file for.
const OWN_RULE: &str = r#"
id = "no-print-debug"
title = "Debug print left in"
category = "quality"
severity = "low"
languages = ["python", "typescript"]
message = "`print` of a debug value"

[docs]
what = "A print call whose argument names `debug`."
why = "Debug output leaks into logs."
example = "print(debug)"
instead = "log.debug(value)"

[query.python]
scm = """
((call function: (identifier) @_f arguments: (argument_list (identifier) @_a)) @match (#eq? @_f "print") (#eq? @_a "debug"))
"""

[query.typescript]
scm = """
((call_expression function: (identifier) @_f) @match (#eq? @_f "debugPrint"))
"""
"#;

#[test]
fn a_repositorys_own_rules_run_beside_the_embedded_ones() {
    let dir = Dir::with_fixture(PROJECT);
    dir.write(
        "app/debugging.py",
        "def show(debug):\n    print(debug)\n    print(other)\n",
    );
    dir.write(".repotoire/detectors/no-print-debug/rule.toml", OWN_RULE);
    let findings = json_findings(&dir, &[]);
    let own: Vec<&Value> = findings
        .iter()
        .filter(|f| f["detector"] == "no-print-debug")
        .collect();
    assert_eq!(own.len(), 1, "{own:?}");
    assert_eq!(
        (own[0]["file"].as_str(), own[0]["line"].as_u64()),
        (Some("app/debugging.py"), Some(2))
    );
    assert!(detectors(&findings).contains(&"tls-verification-disabled".to_string()));
    // Also from a folder the configuration names.
    std::fs::remove_dir_all(dir.join(".repotoire/detectors")).unwrap();
    dir.write("rules/no-print-debug/rule.toml", OWN_RULE);
    dir.write("repotoire.toml", "rules = [\"rules\"]\n");
    let findings = json_findings(&dir, &[]);
    assert_eq!(
        findings
            .iter()
            .filter(|f| f["detector"] == "no-print-debug")
            .count(),
        1
    );
}

/// Each language's rules are compiled for its first file, but a repository's own rules are
/// checked before any file is read: a broken query for a language the repository does not
/// even hold is still an error naming the rule file.
#[test]
fn a_broken_rule_of_the_repository_is_an_error_before_any_file_is_read() {
    let dir = Dir::with_fixture(PROJECT);
    let broken = OWN_RULE.replace(
        "((call_expression function: (identifier) @_f)",
        "((call_expression function: (identifier) @_f",
    );
    dir.write(".repotoire/detectors/no-print-debug/rule.toml", &broken);
    let output = analyze(&dir, &["--format", "json"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("no-print-debug/rule.toml"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
    assert!(
        !dir.join(".repotoire/cache.redb").exists(),
        "files were read before the rules were checked"
    );
}

/// A repository's rule may yield to another rule, which must exist.
#[test]
fn a_rule_yielding_to_no_rule_is_an_error_naming_its_file() {
    let dir = Dir::with_fixture(PROJECT);
    let yielding = OWN_RULE.replace(
        "message = \"`print` of a debug value\"",
        "message = \"`print` of a debug value\"\nyields_to = [\"no-such-rule\"]",
    );
    assert_ne!(yielding, OWN_RULE);
    dir.write(".repotoire/detectors/no-print-debug/rule.toml", &yielding);
    let output = analyze(&dir, &["--format", "json"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let err = stderr(&output);
    assert!(err.contains("no-print-debug/rule.toml"), "{err}");
    assert!(
        err.contains("`yields_to` names no rule `no-such-rule`"),
        "{err}"
    );
}

/// A detector id the config or `--only` names but no rule has is an error, and like a broken
/// rule it stops the run before any file is read (the rules themselves load meanwhile).
#[test]
fn an_unknown_detector_id_is_an_error_before_any_file_is_read() {
    let dir = Dir::with_fixture(PROJECT);
    let output = analyze(&dir, &["--only", "no-such-detector"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("--only: no detector `no-such-detector`"),
        "{}",
        stderr(&output)
    );
    dir.write(
        "repotoire.toml",
        "[detectors]\ndisable = [\"no-such-detector\"]\n",
    );
    let output = analyze(&dir, &[]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("unknown detector `no-such-detector`"),
        "{}",
        stderr(&output)
    );
    assert!(
        !dir.join(".repotoire/cache.redb").exists(),
        "files were read before the ids were checked"
    );
    // A known id passes.
    dir.write(
        "repotoire.toml",
        "[detectors]\ndisable = [\"todo-comment\"]\n",
    );
    assert!(
        json_findings(&dir, &[])
            .iter()
            .all(|f| f["detector"] != "todo-comment")
    );
}

/// A repository's own taint rule: its sinks are data, and the engine follows request data
/// to them through assignments and string building, as it does for the embedded rules.
#[test]
fn a_repositorys_own_taint_rule_follows_request_data() {
    let dir = Dir::with_fixture(PROJECT);
    dir.write(
        "app/reports.py",
        "def report(request, render_pdf):\n    title = \"Report: \" + request.args[\"t\"]\n    return render_pdf(title)\n\n\ndef fixed(render_pdf):\n    return render_pdf(\"Report\")\n",
    );
    dir.write(
        ".repotoire/detectors/pdf-injection/rule.toml",
        r#"id = "pdf-injection"
title = "PDF rendered from request data"
category = "security"
severity = "high"
languages = ["python"]
message = "request data reaches the PDF renderer"
engine = "taint"

[docs]
what = "w"
why = "y"
example = "e"
instead = "i"

[[sink]]
family = "python"
callee = '^render_pdf$'
consequence = "(render a fixed template instead)"
"#,
    );
    let findings = json_findings(&dir, &[]);
    let own: Vec<&Value> = findings
        .iter()
        .filter(|f| f["detector"] == "pdf-injection")
        .collect();
    assert_eq!(own.len(), 1, "{own:?}");
    assert_eq!(
        (own[0]["file"].as_str(), own[0]["line"].as_u64()),
        (Some("app/reports.py"), Some(3))
    );
    assert!(own[0]["flow"].as_array().is_some_and(|f| f.len() >= 2));
    dir.write(
        ".repotoire/detectors/pdf-injection/rule.toml",
        "id = \"pdf-injection\"\ntitle = \"t\"\ncategory = \"security\"\nseverity = \"high\"\nlanguages = [\"python\"]\nmessage = \"m\"\nengine = \"taint\"\n\n[docs]\nwhat = \"w\"\nwhy = \"y\"\nexample = \"e\"\ninstead = \"i\"\n\n[[sink]]\nfamily = \"python\"\ncallee = \"(unclosed\"\nconsequence = \"c\"\n",
    );
    let output = analyze(&dir, &[]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("pdf-injection") && message.contains("(unclosed"),
        "{message}"
    );
}

/// `Pass::new` leaves the embedded rules to each language's first file; here every one of
/// them is compiled for every language.
#[test]
fn every_embedded_rule_compiles_for_every_language() {
    let catalog = repotoire::detect::analyze::Catalog::builtin().unwrap();
    let pass = catalog.pass().unwrap();
    pass.compile_all().unwrap();
}

/// The README's first command on this repository: nothing at or above high, so it exits 0
/// (its unit tests' made-up keys are test code).
#[test]
fn the_readme_command_passes_on_this_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = cmd(root)
        .args(["--headless", "analyze", ".", "--no-cache"])
        .output()
        .expect("run repotoire");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}\n{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("0 at or above high"),
        "{}",
        stdout(&out)
    );
}

/// Size and shape detectors stay quiet in test code, where long tests and tables of cases
/// are the norm, and speak in the code under test.
#[test]
fn size_detectors_skip_test_code() {
    let dir = Dir::new();
    let long = format!(
        "def run(a, b, c):\n{}    return a\n",
        "    a = a + 1\n".repeat(12)
    );
    dir.write("app/work.py", &long);
    dir.write(
        "tests/test_work.py",
        long.replace("def run", "def test_run"),
    );
    dir.write(
        "repotoire.toml",
        "[thresholds]\nlong-function = 5\nlong-parameter-list = 2\n",
    );
    let found = json_findings(&dir, &["--only", "long-function,long-parameter-list"]);
    let places: Vec<(&str, &str)> = found
        .iter()
        .filter_map(|f| Some((f["detector"].as_str()?, f["file"].as_str()?)))
        .collect();
    assert_eq!(
        places,
        [
            ("long-function", "app/work.py"),
            ("long-parameter-list", "app/work.py")
        ]
    );
}
