//! A coding agent hosted in the workstation (`--agent`), end to end in tmux, with a
//! scripted stand-in (`tests/fixtures/agent/stand_in.py`): its banner in the right panel,
//! the MCP configuration it was handed and the tools the real `repotoire serve` lists
//! through it, keys typed into it, a finding sent with `a`, a file it edits showing up in
//! the findings, resize, exit and restart, and the shell given back after quitting.

use std::path::Path;

use crate::support::tmux::Pane;
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
    pane.wait_for_text("$");
    pane.type_text(&format!(
        "{} --agent -- python3 {}; echo exited=$?",
        env!("CARGO_BIN_EXE_repotoire"),
        stand_in()
    ));
    pane.keys(&["Enter"]);
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

/// The workstation's child (the hosted program), once it is up.
fn hosted_pid(pane: &Pane) -> i32 {
    let workstation = pane.foreground_child().expect("the workstation");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let child = std::fs::read_dir("/proc")
            .unwrap()
            .flatten()
            .find_map(|entry| {
                let pid: i32 = entry.file_name().to_str()?.parse().ok()?;
                let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
                let parent: i32 = stat
                    .rsplit_once(')')?
                    .1
                    .split_whitespace()
                    .nth(1)?
                    .parse()
                    .ok()?;
                (parent == workstation).then_some(pid)
            });
        if let Some(child) = child {
            return child;
        }
        assert!(std::time::Instant::now() < deadline, "no hosted process");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

fn ends(pid: i32) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while Path::new(&format!("/proc/{pid}")).exists()
        && !std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") Z "))
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the hosted program {pid} outlived the workstation"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
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
        pane.wait_for_text("$");
        pane.type_text(&format!(
            "{} --agent -- python3 {}; echo exited=$?",
            env!("CARGO_BIN_EXE_repotoire"),
            stand_in()
        ));
        pane.keys(&["Enter"]);
        pane.wait_for_text("tools: ");
        let program = hosted_pid(&pane);
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
        ends(program);
    }
}
