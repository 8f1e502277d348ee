//! A coding agent hosted in the workstation (`--agent`), end to end in tmux, with a
//! scripted stand-in (`tests/fixtures/agent/stand_in.py`): its banner in the right panel,
//! the MCP configuration it was handed and the tools the real `repotoire serve` lists
//! through it, keys typed into it, a finding sent with `a`, a file it edits showing up in
//! the findings, resize, exit and restart, and the shell given back after quitting.

use crate::support::tmux::{Pane, wait_gone};
use crate::support::{Dir, SHOP};

const WIDTH: u16 = 120;
const HEIGHT: u16 = 36;

fn stand_in() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/agent/stand_in.py"
    )
    .to_string()
}

#[test]
fn a_hosted_program_gets_the_graph_the_keys_and_the_findings() {
    let dir = Dir::with_fixture(SHOP);
    let env = [
        ("XDG_STATE_HOME", dir.join(".state").display().to_string()),
        ("XDG_CONFIG_HOME", dir.join(".config").display().to_string()),
        ("HOME", dir.join(".home").display().to_string()),
        ("TERM", "xterm-256color".to_string()),
    ];
    let pane = Pane::start(dir.path(), &env, WIDTH, HEIGHT);
    pane.run_repotoire(&format!("--agent -- python3 {}", stand_in()));
    let screen = pane.wait_for("the stand-in's tool list and the findings", |s| {
        s.contains("tools: ") && s.contains("command-injection")
    });
    assert!(screen.contains("STAND-IN AGENT READY"), "{screen}");
    assert!(screen.contains("mcp config: mcp.json"), "{screen}");
    assert!(screen.contains("find_callees find_callers"), "{screen}");
    assert!(screen.contains("keys: python3"), "{screen}");

    // Keys go to the hosted program.
    pane.type_text("hello");
    pane.keys(&["Enter"]);
    pane.wait_for_text("got: hello");

    // Ctrl+] to the findings; `a` hands the selected finding to the program.
    pane.keys(&["C-]"]);
    pane.wait_for_text("keys: findings");
    pane.keys(&["a"]);
    let screen = pane.wait_for_text("got: [repotoire finding] command-injection");
    assert!(screen.contains("shop/api.py:6"), "{screen}");
    assert!(screen.contains("keys: python3"), "{screen}");

    // What the program changes on disk shows in the findings.
    pane.type_text("edit");
    pane.keys(&["Enter"]);
    pane.wait_for_text("edited shop/payments.py");
    pane.wait_for_text("shop/payments.py:");

    // A smaller window: the program's terminal follows.
    let resized = std::process::Command::new("tmux")
        .args([
            "-L",
            pane.socket(),
            "resize-window",
            "-x",
            "100",
            "-y",
            "30",
        ])
        .status()
        .unwrap();
    assert!(resized.success());
    // Typed only once the workstation has drawn itself at the new size.
    pane.wait_for("the status bar on the last of 30 rows", |s| {
        let rows: Vec<&str> = s.lines().collect();
        rows.len() <= 30 && rows.last().is_some_and(|l| l.contains("keys: python3"))
    });
    pane.type_text("size");
    pane.keys(&["Enter"]);
    // 100 columns: 26 for the findings, the rest less two borders; 30 rows less the
    // status bar and two borders.
    pane.wait_for_text("size 72x27");

    // It exits; Enter starts it again; q quits the workstation.
    pane.type_text("quit");
    pane.keys(&["Enter"]);
    pane.wait_for_text("exited (exit status 0): Enter starts it again, q quits");
    pane.keys(&["Enter"]);
    pane.wait_for("the program again", |s| {
        s.contains("STAND-IN AGENT READY") && !s.contains("bye")
    });
    pane.wait_for_text("tools: ");
    pane.type_text("quit");
    pane.keys(&["Enter"]);
    pane.wait_for_text("Enter starts it again, q quits");
    pane.keys(&["q"]);
    pane.wait_for_text("exited=0");
    assert!(!pane.alternate_screen());
}

#[test]
fn the_hosted_program_ends_with_the_workstation_however_it_ends() {
    for way in ["ctrl+c", "TERM", "HUP"] {
        let dir = Dir::with_fixture(SHOP);
        let env = [
            ("XDG_STATE_HOME", dir.join(".state").display().to_string()),
            ("HOME", dir.join(".home").display().to_string()),
            ("TERM", "xterm-256color".to_string()),
        ];
        let pane = Pane::start(dir.path(), &env, WIDTH, HEIGHT);
        pane.run_repotoire(&format!("--agent -- python3 {}", stand_in()));
        pane.wait_for_text("tools: ");
        let program = pane.hosted_program();
        if way == "ctrl+c" {
            // Ctrl+C to repotoire: from the findings panel, twice.
            pane.keys(&["C-]"]);
            pane.wait_for_text("keys: findings");
            pane.keys(&["C-c"]);
            pane.keys(&["C-c"]);
        } else {
            let workstation = pane.foreground_child().unwrap();
            std::process::Command::new("kill")
                .args([&format!("-{way}"), &workstation.to_string()])
                .status()
                .unwrap();
        }
        pane.wait_for_text("exited=0");
        assert!(!pane.alternate_screen(), "{way}");
        wait_gone(program);
    }
}
