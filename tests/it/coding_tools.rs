//! The agent's coding tools through the registry: confinement, paging, exact edits with
//! near-miss errors, diagnostics after writes, ripgrep-style search, globbing, and bash's
//! timeout killing its process group.

use repotoire::tools::Workspace;
use repotoire::tools::workspace::WorkspaceOptions;
use serde_json::json;
use std::time::Duration;

use crate::support::{Dir, SHOP, call, call_error, group_ends_within};

fn shop() -> (Dir, Workspace) {
    let dir = Dir::with_fixture(SHOP);
    std::fs::write(dir.join(".gitignore"), "ignored/\n").unwrap();
    dir.write("ignored/secret.py", "charge = 'hidden'\n");
    let ws = Workspace::open(
        dir.path(),
        &WorkspaceOptions {
            use_cache: false,
            live: true,
            ..WorkspaceOptions::default()
        },
    )
    .unwrap();
    (dir, ws)
}

#[test]
fn paths_outside_the_workspace_are_refused() {
    let (dir, ws) = shop();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("x.py"), "x = 1\n").unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.join("escape")).unwrap();
    for tool in ["read_file", "write_file"] {
        for path in [
            "../x.py",
            outside.path().join("x.py").to_str().unwrap(),
            "escape/x.py",
        ] {
            let message = call_error(
                &ws,
                tool,
                json!({"path": path, "content": "y = 2\n"})
                    .as_object()
                    .map(|o| {
                        if tool == "read_file" {
                            json!({"path": o["path"]})
                        } else {
                            json!(o)
                        }
                    })
                    .unwrap(),
            );
            assert!(
                message.contains("outside the workspace")
                    || message.contains("leaves the workspace"),
                "{tool} {path}: {message}"
            );
        }
    }
    assert_eq!(
        std::fs::read_to_string(outside.path().join("x.py")).unwrap(),
        "x = 1\n",
        "nothing outside was written"
    );
    assert!(
        call_error(&ws, "grep", json!({"pattern": "x", "path": "../"}))
            .contains("leaves the workspace")
    );
}

#[test]
fn read_file_numbers_lines_and_pages() {
    let (_dir, ws) = shop();
    let (text, data) = call(
        &ws,
        "read_file",
        json!({"path": "shop/payments.py", "offset": 4, "limit": 2}),
    );
    assert_eq!(data["first_line"], 4);
    assert_eq!(data["last_line"], 5);
    assert!(text.contains("4\tdef charge(amount):"), "{text}");
    assert_eq!(data["next"][0]["arguments"]["offset"], 6);
    assert!(
        call_error(
            &ws,
            "read_file",
            json!({"path": "shop/payments.py", "offset": 500})
        )
        .contains("past the end")
    );
}

#[test]
fn edit_file_is_exact_explains_misses_and_keeps_the_replacement_verbatim() {
    let (dir, ws) = shop();
    let miss = call_error(
        &ws,
        "edit_file",
        json!({"path": "shop/payments.py", "old": "def charge(amount):\n  \"\"\"Charge the card through the payment gateway.\"\"\"", "new": "x"}),
    );
    assert!(
        miss.contains("lines 4–5") && miss.contains("whitespace"),
        "{miss}"
    );
    let many = call_error(
        &ws,
        "edit_file",
        json!({"path": "shop/payments.py", "old": "return", "new": "yield"}),
    );
    assert!(
        many.contains("occurs") && many.contains("replace_all"),
        "{many}"
    );
    // Dollar signs, backslashes and escapes are written as given.
    let replacement = r##"    """Charge $1 \n \\ the card.""""##;
    let (text, data) = call(
        &ws,
        "edit_file",
        json!({"path": "shop/payments.py", "old": "    \"\"\"Charge the card through the payment gateway.\"\"\"", "new": replacement}),
    );
    assert_eq!(data["replacements"], 1);
    assert!(text.contains("Parses cleanly"), "{text}");
    assert!(
        std::fs::read_to_string(dir.join("shop/payments.py"))
            .unwrap()
            .contains(replacement)
    );
    let (_, data) = call(
        &ws,
        "edit_file",
        json!({"path": "shop/payments.py", "old": "amount", "new": "value", "replace_all": true}),
    );
    assert!(data["replacements"].as_u64().unwrap() > 3);
}

#[test]
fn writes_report_syntax_errors_and_the_findings_they_add() {
    let (dir, ws) = shop();
    let (text, data) = call(
        &ws,
        "write_file",
        json!({"path": "shop/new/tool.py", "content": "def broken(:\n    pass\n"}),
    );
    assert_eq!(data["created"], true);
    assert!(
        !data["check"]["syntax_errors"]
            .as_array()
            .unwrap()
            .is_empty(),
        "{text}"
    );
    assert!(text.contains("syntax error"), "{text}");
    let (text, data) = call(
        &ws,
        "write_file",
        json!({"path": "shop/new/tool.py", "content": "import os\n\n\ndef run(cmd):\n    os.system(cmd)\n"}),
    );
    assert!(
        data["check"]["syntax_errors"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let added: Vec<&str> = data["check"]["findings_added"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["detector"].as_str().unwrap())
        .collect();
    assert!(
        added.iter().any(|d| d.contains("command-injection")),
        "{added:?} / {text}"
    );
    assert!(dir.join("shop/new/tool.py").exists());
    assert!(
        !std::fs::read_dir(dir.join("shop/new"))
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".tmp")),
        "no temporary file left"
    );
}

#[test]
fn grep_and_glob_honour_gitignore_and_give_context() {
    let (_dir, ws) = shop();
    let (text, data) = call(&ws, "grep", json!({"pattern": "def charge", "context": 1}));
    assert_eq!(data["matches"], 1);
    assert!(
        text.contains("shop/payments.py:4:def charge(amount):"),
        "{text}"
    );
    assert!(
        text.contains("shop/payments.py-5-"),
        "context after: {text}"
    );
    let (_, data) = call(&ws, "grep", json!({"pattern": "charge", "glob": "*.py"}));
    assert!(
        data["lines"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["path"] != "ignored/secret.py"),
        ".gitignore is honoured"
    );
    assert!(call_error(&ws, "grep", json!({"pattern": "(unclosed"})).contains("not a valid regex"));
    let (_, data) = call(&ws, "glob", json!({"pattern": "shop/**/*.py"}));
    let files: Vec<&str> = data["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert!(
        files.contains(&"shop/payments.py") && !files.iter().any(|f| f.starts_with("ignored/")),
        "{files:?}"
    );
}

#[test]
fn bash_runs_in_the_root_and_a_timeout_kills_the_whole_group() {
    let (dir, ws) = shop();
    let (text, data) = call(
        &ws,
        "bash",
        json!({"command": "ls shop | head -1; echo oops >&2; exit 3"}),
    );
    assert_eq!(data["exit_code"], 3);
    assert!(
        text.contains("__init__.py") && text.contains("oops"),
        "{text}"
    );
    let (text, data) = call(
        &ws,
        "bash",
        json!({"command": "(sleep 30; echo late > late.txt) & echo $$ > group.pid; sleep 30", "timeout_seconds": 1}),
    );
    assert_eq!(data["timed_out"], true, "{text}");
    // Had the group not been killed, the tool would have waited on its pipes until this was written.
    assert!(
        !dir.join("late.txt").exists(),
        "the background job ran to its end"
    );
    let group: i32 = std::fs::read_to_string(dir.join("group.pid"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    if let Err(survivors) = group_ends_within(group, Duration::from_secs(10)) {
        panic!(
            "the background sleep in the same group was killed too; still running:\n{survivors}"
        );
    }
}
