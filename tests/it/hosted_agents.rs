//! The real agent CLIs hosted in the workstation (installed by `.ci/run` from npm): Claude
//! Code against the loopback replay server calls a repotoire tool through the MCP
//! configuration the workstation handed it; Codex and Gemini CLI are started far enough to
//! show they received the configuration, and their own `mcp list` reads it back.

use std::path::{Path, PathBuf};

use serde_json::json;

use crate::support::replay::{ReplayServer, Reply, anthropic};
use crate::support::tmux::{Pane, wait_gone, wait_until};
use crate::support::{Dir, SHOP};

const KEY: &str = "sk-ant-test-0123456789-abcdefghijklmnop";

/// An agent CLI `.ci/run` installed.
fn installed(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(".ci/node_modules/.bin")
        .join(name);
    assert!(
        path.exists(),
        "{} is missing: .ci/run installs it",
        path.display()
    );
    path
}

/// Whether no folder from `path` up may be written by others (Gemini CLI ignores a
/// settings file below such a folder, `/tmp` for one).
fn private_all_the_way_up(path: &Path) -> bool {
    path.ancestors().all(|dir| {
        std::fs::metadata(dir)
            .is_ok_and(|m| std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o022 == 0)
    })
}

/// A home folder no one else may write to: below the build's own temporary folder when
/// that is private all the way up, else below the user's cache folder.
fn private_home() -> tempfile::TempDir {
    let target = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let base = if private_all_the_way_up(&target) {
        target
    } else {
        let home = PathBuf::from(std::env::var_os("HOME").expect("HOME"));
        assert!(
            private_all_the_way_up(&home),
            "neither {} nor {} is private all the way up",
            target.display(),
            home.display()
        );
        let base = home.join(".cache/repotoire-tests");
        std::fs::create_dir_all(&base).unwrap();
        std::fs::set_permissions(&base, std::os::unix::fs::PermissionsExt::from_mode(0o700))
            .unwrap();
        base
    };
    let home = tempfile::Builder::new()
        .prefix("home-")
        .tempdir_in(&base)
        .unwrap();
    std::fs::create_dir_all(home.path().join(".config")).unwrap();
    home
}

fn path_with_agents() -> String {
    format!(
        "{}:{}",
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(".ci/node_modules/.bin")
            .display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// The workstation hosting `agent` in a pane, with `env`.
fn host(dir: &Dir, home: &Path, agent: &str, env: &[(&str, String)]) -> Pane {
    let mut all = vec![
        ("HOME", home.display().to_string()),
        ("XDG_STATE_HOME", home.join(".state").display().to_string()),
        (
            "XDG_CONFIG_HOME",
            home.join(".config").display().to_string(),
        ),
        ("PATH", path_with_agents()),
        ("TERM", "xterm-256color".to_string()),
    ];
    all.extend(env.iter().cloned());
    let pane = Pane::start(dir.path(), &all, 140, 40);
    pane.run_repotoire(&format!("--agent {agent}"));
    pane
}

/// Closes the pane and waits until the hosted program has ended, so that nothing writes
/// into the temporary home while it is removed.
fn close(pane: Pane, program: i32) {
    drop(pane);
    wait_gone(program);
}

fn nul_separated(path: PathBuf) -> Vec<String> {
    std::fs::read(path)
        .unwrap()
        .split(|b| *b == 0)
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .collect()
}

#[test]
fn codex_gets_the_server_as_config_overrides() {
    let codex = installed("codex");
    let dir = Dir::with_fixture(SHOP);
    let home = private_home();
    let pane = host(&dir, home.path(), "codex", &[]);
    let pid = pane.hosted_program();
    let argv = nul_separated(PathBuf::from(format!("/proc/{pid}/cmdline")));
    let overrides: Vec<String> = argv
        .windows(2)
        .filter(|w| w[0] == "-c")
        .map(|w| w[1].clone())
        .collect();
    assert_eq!(overrides.len(), 2, "{argv:?}");
    assert!(
        overrides[0].starts_with("mcp_servers.repotoire.command="),
        "{overrides:?}"
    );
    // Codex itself reads the overrides as an MCP server of its configuration.
    let mut list = std::process::Command::new(&codex);
    for o in &overrides {
        list.args(["-c", o]);
    }
    let listed = list
        .args(["mcp", "list"])
        .env("HOME", home.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&listed.stdout);
    assert!(text.contains("repotoire"), "{text}");
    assert!(
        text.contains(&format!(
            "serve --path {}",
            dir.path().canonicalize().unwrap().display()
        )),
        "{text}"
    );
    close(pane, pid);
}

#[test]
fn gemini_gets_the_server_in_a_system_defaults_file() {
    let gemini = installed("gemini");
    let dir = Dir::with_fixture(SHOP);
    let home = private_home();
    let pane = host(&dir, home.path(), "gemini", &[]);
    let pid = pane.hosted_program();
    let environ = nul_separated(PathBuf::from(format!("/proc/{pid}/environ")));
    let settings = environ
        .iter()
        .find_map(|v| v.strip_prefix("GEMINI_CLI_SYSTEM_DEFAULTS_PATH="))
        .expect("the settings file in the environment")
        .to_string();
    assert!(
        environ
            .iter()
            .any(|v| v.starts_with("REPOTOIRE_MCP_CONFIG="))
    );
    let listed = std::process::Command::new(&gemini)
        .args(["mcp", "list"])
        .current_dir(dir.path())
        .env("HOME", home.path())
        .env("GEMINI_CLI_SYSTEM_DEFAULTS_PATH", &settings)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&listed.stdout).into_owned()
        + &String::from_utf8_lossy(&listed.stderr);
    assert!(text.contains("repotoire:"), "{text}");
    assert!(text.contains("serve --path"), "{text}");
    close(pane, pid);
}

#[test]
fn claude_code_calls_a_repotoire_tool_through_the_configuration_it_was_handed() {
    installed("claude");
    let dir = Dir::with_fixture(SHOP);
    let home = private_home();
    let root = dir.path().canonicalize().unwrap().display().to_string();
    let seed = json!({
        "hasCompletedOnboarding": true,
        "customApiKeyResponses": {"approved": [&KEY[KEY.len() - 20..]], "rejected": []},
        "projects": {root.clone(): {"hasTrustDialogAccepted": true, "allowedTools": []}},
    });
    std::fs::write(home.path().join(".claude.json"), seed.to_string()).unwrap();
    // The user's own settings: ask before acting (auto mode's check needs Anthropic's
    // servers), with repotoire's find_callers allowed.
    std::fs::create_dir_all(home.path().join(".claude")).unwrap();
    std::fs::write(
        home.path().join(".claude/settings.json"),
        json!({"permissions": {"defaultMode": "default", "allow": ["mcp__repotoire__find_callers"]}})
            .to_string(),
    )
    .unwrap();
    let server = ReplayServer::respond(|request| {
        let body = request.body.to_string();
        if !request.path.starts_with("/v1/messages") || request.path.contains("count_tokens") {
            return Reply::status(404, r#"{"error":{"message":"not here"}}"#);
        }
        if body.contains("toolu_graph") {
            Reply::sse(anthropic::text("The graph answered."))
        } else if body.contains("who calls charge") && body.contains("mcp__repotoire__find_callers")
        {
            Reply::sse(anthropic::tool_call(
                "toolu_graph",
                "mcp__repotoire__find_callers",
                json!({"symbol": "shop.payments.charge"}),
            ))
        } else if body.contains("who calls charge") && body.contains("WaitForMcpServers") {
            // Asked before its MCP servers were up: the model waits for them.
            Reply::sse(anthropic::tool_call(
                "toolu_wait",
                "WaitForMcpServers",
                json!({}),
            ))
        } else {
            Reply::sse(anthropic::text("ok"))
        }
    });
    let pane = host(
        &dir,
        home.path(),
        "claude",
        &[
            ("ANTHROPIC_API_KEY", KEY.to_string()),
            ("ANTHROPIC_BASE_URL", server.url.clone()),
            ("ENABLE_TOOL_SEARCH", "false".to_string()),
            ("DISABLE_AUTOUPDATER", "1".to_string()),
            ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1".to_string()),
        ],
    );
    pane.wait_for("Claude Code's prompt", |s| {
        s.contains("keys: claude") && s.contains('❯')
    });
    pane.type_text("who calls charge?");
    pane.keys(&["Enter"]);
    // Claude asks before it runs a tool: each question is answered yes, until the tool's
    // result reaches the model.
    let sent_tools = || {
        let requests: Vec<String> = server
            .received()
            .iter()
            .map(|r| {
                let tools: Vec<String> = r.body["tools"]
                    .as_array()
                    .map(|t| {
                        t.iter()
                            .filter_map(|t| t["name"].as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default();
                format!("{} tools={tools:?}", r.path)
            })
            .collect();
        format!(
            "the tool result never reached the model; requests: {requests:#?}\nthe screen:\n{}",
            pane.screen()
        )
    };
    let result = wait_until(sent_tools, || {
        let sent = server
            .received()
            .iter()
            .map(|r| r.body.to_string())
            .find(|b| b.contains("toolu_graph") && b.contains("tool_result"));
        if sent.is_none() {
            // The one screen saying auto mode's server-side check cannot pass the loopback
            // gateway (Enter stays in auto mode and asks per action), then the questions.
            let screen = pane.screen();
            if screen.contains("Enter to stay in auto mode")
                || screen.contains("Do you want")
                || screen.contains("❯ 1.")
            {
                pane.keys(&["Enter"]);
            }
        }
        sent
    });
    assert!(result.contains("shop.checkout.checkout"), "{result}");
    pane.wait_for_text("The graph answered.");
    let program = pane.hosted_program();
    close(pane, program);
}
