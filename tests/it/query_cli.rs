//! `repotoire query`: every registry tool from the shell, arguments typed by the schema.

use serde_json::Value;

use crate::support::{Dir, SHOP, cmd};

#[test]
fn query_lists_every_registry_tool() {
    let dir = Dir::new();
    let output = cmd(dir.path()).arg("query").output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    for tool in repotoire::tools::registry::all() {
        assert!(
            text.contains(&format!("  {}", tool.name())),
            "{} missing from `repotoire query`",
            tool.name()
        );
    }
}

#[test]
fn query_runs_a_tool_with_typed_flags_as_text_or_json() {
    let dir = Dir::with_fixture(SHOP);
    let output = cmd(dir.path())
        .args([
            "query",
            "find_callers",
            "--symbol",
            "shop.models.Order.total",
            "--depth",
            "2",
            "--json",
            "--path",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["callers"].as_array().unwrap().len(), 3);
    assert_eq!(json["next"][0]["tool"], "impact_of");

    let output = cmd(dir.path())
        .args([
            "--no-cache",
            "query",
            "search_code",
            "--query",
            "payment",
            "gateway",
            "--limit=1",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("1 result(s) for `payment gateway`"),
        "{text}"
    );
    assert!(text.contains("\nNext:\n- file_outline"), "{text}");

    let output = cmd(dir.path())
        .args(["query", "find_cycles", r#"{"kind": "calls"}"#, "--path"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&output.stdout).contains("calls cycle of 2"));
}

#[test]
fn query_mistakes_exit_2_with_the_fix() {
    let dir = Dir::with_fixture(SHOP);
    let run = |args: &[&str]| {
        let output = cmd(dir.path())
            .arg("query")
            .args(args)
            .arg("--path")
            .arg(dir.path())
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (code, stderr) = run(&["find_everything"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("no tool `find_everything`; tools: bash, communities"),
        "{stderr}"
    );
    let (code, stderr) = run(&["find_callers", "--symbol", "shop.nope"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("find_callers: no symbol `shop.nope`; closest:"),
        "{stderr}"
    );
    let (code, stderr) = run(&["find_callers", "--symbol", "store", "--depth", "two"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("--depth: `two` is not a whole number"),
        "{stderr}"
    );
    let (code, stderr) = run(&["impact_of", "--sym", "store"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains(
            "unknown argument `--sym`; it takes --depth, --limit, --min_confidence, --symbol"
        ),
        "{stderr}"
    );
    let (code, stdout) = {
        let output = cmd(dir.path())
            .args(["query", "impact_of", "--help"])
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    assert_eq!(code, Some(0));
    assert!(stdout.contains("--symbol <string> (required)"), "{stdout}");
}

/// repotoire tunes its own process (transparent huge pages off for one-shot analyses); a
/// command the bash tool runs for the user gets the kernel's default, as from a shell.
#[test]
fn the_bash_tool_runs_commands_with_the_users_process_settings() {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let Some(ours) = status.lines().find(|l| l.starts_with("THP_enabled:")) else {
        // Not Linux, or a kernel without the field: nothing to compare.
        return;
    };
    let dir = Dir::with_fixture(SHOP);
    let output = cmd(dir.path())
        .args([
            "query",
            "bash",
            "--command",
            "grep THP_enabled: /proc/self/status",
            "--json",
            "--path",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let answer: Value = serde_json::from_str(&stdout).unwrap();
    let printed = answer["output"].as_str().unwrap_or_default();
    assert_eq!(
        printed.split_whitespace().collect::<Vec<_>>(),
        ours.split_whitespace().collect::<Vec<_>>(),
        "{answer}"
    );
}

/// A tool with a `path` argument of its own takes `--path` after its name; the repository
/// root then goes before the tool's name.
#[test]
fn a_tools_own_path_argument_is_not_taken_for_the_root() {
    let dir = Dir::with_fixture(SHOP);
    let output = cmd(dir.path())
        .args(["query", "read_file", "--path", "shop/models.py"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("class Order"));
    let elsewhere = Dir::new();
    let output = cmd(elsewhere.path())
        .args(["query", "--path"])
        .arg(dir.path())
        .args(["read_file", "--path", "shop/models.py", "--json"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(answer.to_string().contains("class Order"), "{answer}");
    // A tool without one still takes `--path` after its name as the root.
    let output = cmd(elsewhere.path())
        .args(["query", "graph_stats", "--path"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
