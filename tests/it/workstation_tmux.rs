//! The workstation end to end in a real terminal (tmux): findings panel, a slash command
//! with no key, a scripted turn that calls a graph tool then asks to edit a file (the diff
//! in the approval, `y`, the file on disk, the finding it adds in the panel), Ctrl+C in
//! the middle of a stream, quitting to a sane shell, and the recording replaying to the
//! same screen.

use serde_json::json;

use crate::support::replay::{Delivery, ReplayServer, Reply, anthropic};
use crate::support::tmux::Pane;
use crate::support::{Dir, SHOP};

const KEY: &str = "sk-test-0123456789-secret";
const WIDTH: u16 = 120;
const HEIGHT: u16 = 36;

fn start(dir: &Dir, server: &ReplayServer, extra: &str) -> Pane {
    let env = [
        ("ANTHROPIC_API_KEY", KEY.to_string()),
        ("ANTHROPIC_BASE_URL", server.url.clone()),
        ("XDG_STATE_HOME", dir.join(".state").display().to_string()),
        ("XDG_CONFIG_HOME", dir.join(".config").display().to_string()),
        ("HOME", dir.join(".home").display().to_string()),
        ("EDITOR", "true".to_string()),
        ("TERM", "xterm-256color".to_string()),
    ];
    let pane = Pane::start(dir.path(), &env, WIDTH, HEIGHT);
    pane.run_repotoire(extra);
    pane
}

fn trimmed(screen: &str) -> String {
    screen
        .lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "one session through a real terminal, checked step by step"
)]
fn a_session_in_a_real_terminal() {
    let dir = Dir::with_fixture(SHOP);
    let old = "def refund(amount):\n    return charge(-amount)";
    let new = "def refund(amount, log=[]):\n    log.append(amount)\n    return charge(-amount)";
    // The last answer stops after its first words, as a model still thinking.
    let slow = anthropic::text("Thinking about it slowly and at length");
    let words_only = slow.find("event: content_block_stop").unwrap();
    let server = ReplayServer::start(vec![
        Reply::sse(anthropic::tool_call(
            "t1",
            "find_callers",
            json!({"symbol": "shop.payments.charge"}),
        )),
        Reply::sse(anthropic::tool_call(
            "t2",
            "edit_file",
            json!({"path": "shop/payments.py", "old": old, "new": new}),
        )),
        Reply::sse(anthropic::text("Refunds are now **logged**.")),
        Reply::sse(slow).delivered(Delivery::StallAfter(words_only)),
        Reply::sse(anthropic::text("Carried on from the workstation.")),
    ]);
    let record = dir.join("session.jsonl");
    let pane = start(&dir, &server, &format!("--record {}", record.display()));

    // The findings panel, once the graph is in.
    let screen = pane.wait_for("the findings and the graph", |s| {
        s.contains("Findings (") && s.contains("nodes") && s.contains("command-injection")
    });
    assert!(pane.alternate_screen());
    assert!(screen.contains("shop/api.py:6"), "{screen}");
    assert!(screen.contains("watching"), "{screen}");

    // A slash command answers from the graph, no model involved.
    pane.type_text("/callers shop.payments.charge");
    pane.keys(&["Enter"]);
    pane.wait_for_text("caller");
    let before = server.received().len();
    assert_eq!(before, 0, "slash commands ask no model");

    // A scripted turn: a graph tool, then an edit that waits for approval with its diff.
    pane.type_text("log refunds");
    pane.keys(&["Enter"]);
    let screen = pane.wait_for("the approval", |s| s.contains("[y]es"));
    assert!(screen.contains("find_callers"), "{screen}");
    assert!(screen.contains("+def refund(amount, log=[]):"), "{screen}");
    assert!(screen.contains("-def refund(amount):"), "{screen}");
    assert!(screen.contains("[e]dit [a]lways [?]"), "{screen}");
    assert!(
        !std::fs::read_to_string(dir.join("shop/payments.py"))
            .unwrap()
            .contains("log=[]"),
        "nothing is written before the approval"
    );
    pane.keys(&["y"]);
    let screen = pane.wait_for("the answer and the new finding", |s| {
        s.contains("Refunds are now") && s.contains("shop/payments.py:15")
    });
    assert!(screen.contains("mutable-default"), "{screen}");
    assert!(
        std::fs::read_to_string(dir.join("shop/payments.py"))
            .unwrap()
            .contains("def refund(amount, log=[]):")
    );
    assert!(!screen.contains("working…"), "{screen}");

    // The recording replays to the screen the terminal shows now.
    let recorded = dir.join("copy.jsonl");
    std::fs::copy(&record, &recorded).unwrap();
    let now = pane.screen();
    let replayed = std::process::Command::new(env!("CARGO_BIN_EXE_repotoire"))
        .args(["replay", &recorded.display().to_string()])
        .arg(format!("--size={WIDTH}x{HEIGHT}"))
        .output()
        .unwrap();
    assert!(replayed.status.success());
    pretty_assertions::assert_eq!(
        trimmed(&String::from_utf8_lossy(&replayed.stdout)),
        trimmed(&now)
    );

    // Ctrl+C in the middle of a stream cancels the turn; the prompt works again.
    pane.type_text("think slowly");
    pane.keys(&["Enter"]);
    pane.wait_for_text("Thinking about it");
    pane.keys(&["C-c"]);
    let screen = pane.wait_for("the turn cancelled", |s| {
        s.contains("cancelled") && !s.contains("working…")
    });
    assert!(screen.contains("> "), "{screen}");
    pane.type_text("/stats");
    pane.keys(&["Enter"]);
    pane.wait_for_text("nodes:");
    pane.type_text("/sessions");
    pane.keys(&["Enter"]);
    let screen = pane.wait_for_text("/resume ID opens one");
    assert!(screen.contains("messages"), "{screen}");

    // Quit: Ctrl+C twice on an empty prompt; the shell is back with echo on.
    pane.keys(&["C-c"]);
    pane.wait_for_text("press Ctrl+C again");
    pane.keys(&["C-c"]);
    pane.wait_for_text("exited=0");
    assert!(!pane.alternate_screen());
    echo_is_on(&pane, "done");

    // `ask --continue` goes on from the workstation's session, and the workstation's
    // `--continue` from that.
    let asked = std::process::Command::new(env!("CARGO_BIN_EXE_repotoire"))
        .current_dir(dir.path())
        .args(["ask", "--continue", "and now?"])
        .env("ANTHROPIC_API_KEY", KEY)
        .env("ANTHROPIC_BASE_URL", &server.url)
        .env("XDG_STATE_HOME", dir.join(".state"))
        .env("XDG_CONFIG_HOME", dir.join(".config"))
        .output()
        .unwrap();
    assert!(
        asked.status.success(),
        "{}",
        String::from_utf8_lossy(&asked.stderr)
    );
    let sent = server.received().last().unwrap().body.to_string();
    assert!(sent.contains("log refunds"), "{sent}");
    assert!(sent.contains("and now?"), "{sent}");
    pane.type_text(&format!(
        "{} --continue; echo again=$?",
        env!("CARGO_BIN_EXE_repotoire")
    ));
    pane.keys(&["Enter"]);
    let screen = pane.wait_for_text("Carried on from the workstation.");
    assert!(screen.contains("> and now?"), "{screen}");
    pane.type_text("/quit");
    pane.keys(&["Enter"]);
    pane.wait_for_text("exited=0");
}

#[test]
fn without_a_key_the_workstation_still_answers_slash_commands() {
    let dir = Dir::with_fixture(SHOP);
    // An editor that replaces whatever it is given (its last argument).
    dir.write(
        ".home/editor.sh",
        "#!/bin/sh\nfor last; do :; done\nprintf 'from the editor\\n' > \"$last\"\n",
    );
    let editor = dir.join(".home/editor.sh");
    std::fs::set_permissions(&editor, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let pane = started_without_key(
        &dir,
        &[("EDITOR", editor.display().to_string())],
        "--model anthropic/claude-sonnet-4-5",
    );
    pane.type_text("/impact shop.payments.charge");
    pane.keys(&["Enter"]);
    pane.wait_for_text("shop/checkout.py: checkout");
    pane.type_text("hello");
    pane.keys(&["Enter"]);
    let screen = pane.wait_for_text("ANTHROPIC_API_KEY");
    assert!(screen.contains("(no key)"), "{screen}");
    // Ctrl+G: the prompt goes through $EDITOR and comes back edited.
    pane.type_text("draft");
    pane.keys(&["C-g"]);
    pane.wait_for_text("│from the editor");
    pane.keys(&["C-c"]);
    pane.type_text("/quit");
    pane.keys(&["Enter"]);
    pane.wait_for_text("exited=0");
    assert!(!pane.alternate_screen());
}

/// The workstation (started with `args`) without a model key in a pane, with `extra`
/// set, its graph loaded.
fn started_without_key(dir: &Dir, extra: &[(&str, String)], args: &str) -> Pane {
    let mut env = vec![
        ("XDG_STATE_HOME", dir.join(".state").display().to_string()),
        ("XDG_CONFIG_HOME", dir.join(".config").display().to_string()),
        ("HOME", dir.join(".home").display().to_string()),
        ("TERM", "xterm-256color".to_string()),
    ];
    env.extend(extra.iter().cloned());
    let pane = Pane::start(dir.path(), &env, WIDTH, HEIGHT);
    pane.run_repotoire(args);
    pane.wait_for("the graph", |s| s.contains("nodes"));
    pane
}

/// Checks the terminal echoes and reads lines again; `mark` tells this check's answer
/// from an earlier one's on the screen.
fn echo_is_on(pane: &Pane, mark: &str) {
    pane.type_text(&format!(
        "stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon | sort | tr '\\n' +; echo {mark}"
    ));
    pane.keys(&["Enter"]);
    pane.wait_for_text(&format!("echo+icanon+{mark}"));
}

#[test]
fn ctrl_z_gives_the_shell_back_and_fg_redraws_the_workstation() {
    let dir = Dir::with_fixture(SHOP);
    let pane = started_without_key(&dir, &[], "");
    pane.keys(&["C-z"]);
    pane.wait_for("the shell", |s| !s.contains("Findings ("));
    assert!(!pane.alternate_screen());
    echo_is_on(&pane, "stopped");
    pane.type_text("fg");
    pane.keys(&["Enter"]);
    pane.wait_for("the workstation again", |s| {
        s.contains("Findings (") && s.contains("nodes")
    });
    assert!(pane.alternate_screen());
    pane.type_text("/quit");
    pane.keys(&["Enter"]);
    // The shell ran `echo exited=…` when the job stopped; now it only shows its prompt.
    pane.wait_for("the shell", |s| !s.contains("Findings ("));
    assert!(!pane.alternate_screen());
    echo_is_on(&pane, "quit");
}

#[test]
fn sigterm_and_sighup_leave_the_terminal_as_it_was() {
    for signal in ["TERM", "HUP"] {
        let dir = Dir::with_fixture(SHOP);
        let pane = started_without_key(&dir, &[], "");
        let pid = pane.foreground_child().expect("the workstation's process");
        let killed = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        pane.wait_for_text("exited=0");
        assert!(!pane.alternate_screen(), "SIG{signal}");
        echo_is_on(&pane, signal);
    }
}
