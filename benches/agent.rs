//! The agent loop against a loopback server replaying SSE streams (no network, no model):
//! 1. time from the first SSE byte sent to the first character on `ask`'s stdout;
//! 2. the loop's own cost per tool call (wall time of a 100-call conversation, minus the
//!    tools' own time, per call — HTTP round trip and SSE parsing included);
//! 3. peak memory of `ask` replaying a 200-turn session, against a 1-turn one.
//!
//!   cargo bench --bench agent

#![allow(clippy::expect_used, clippy::unwrap_used)]

#[path = "../tests/support/replay.rs"]
#[allow(dead_code)]
mod replay;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use replay::{ReplayServer, Reply, anthropic};
use serde_json::json;

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// A small Python package to work in.
fn repository() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("pkg")).unwrap();
    std::fs::write(dir.path().join("pkg/__init__.py"), "").unwrap();
    let body: String = (0..60)
        .map(|i| {
            format!(
                "def f{i}(x):\n    \"\"\"Step {i}.\"\"\"\n    return f{}(x) + {i}\n\n\n",
                (i + 1) % 60
            )
        })
        .collect();
    std::fs::write(dir.path().join("pkg/core.py"), body).unwrap();
    dir
}

fn ask(root: &Path, server: &ReplayServer, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_repotoire"));
    command
        .current_dir(root)
        .arg("ask")
        .args(args)
        .env("ANTHROPIC_API_KEY", "sk-bench")
        .env("ANTHROPIC_BASE_URL", &server.url)
        .env("XDG_STATE_HOME", root.join(".state"))
        .env("XDG_CONFIG_HOME", root.join(".config"))
        .env_remove("REPOTOIRE_LOG");
    command
}

fn first_byte_to_stdout(root: &Path) -> f64 {
    let mut samples = Vec::new();
    for _ in 0..20 {
        let server = ReplayServer::start(vec![Reply::sse(anthropic::text("The answer streams."))]);
        let mut child = ask(root, &server, &["say", "it"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).unwrap();
        let printed = Instant::now();
        child.wait().unwrap();
        let sent = server.received()[0].replied_at;
        samples.push(printed.duration_since(sent).as_secs_f64() * 1000.0);
    }
    median(samples)
}

fn loop_cost_per_call(root: &Path) -> (f64, f64) {
    let calls = 100;
    let mut per_call = Vec::new();
    let mut tool_share = Vec::new();
    for _ in 0..5 {
        let mut script: Vec<Reply> = (0..calls)
            .map(|i| {
                Reply::sse(anthropic::tool_call(
                    &format!("t{i}"),
                    "glob",
                    json!({"pattern": "pkg/*.py"}),
                ))
            })
            .collect();
        script.push(Reply::sse(anthropic::text("done")));
        let server = ReplayServer::start(script);
        let started = Instant::now();
        let output = ask(root, &server, &["--json", "--max-turns", "200", "go"])
            .output()
            .unwrap();
        let wall = started.elapsed().as_secs_f64() * 1000.0;
        let events: Vec<serde_json::Value> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        let tools: f64 = events
            .iter()
            .filter(|e| e["event"] == "tool_result")
            .map(|e| e["millis"].as_f64().unwrap_or(0.0))
            .sum();
        assert_eq!(
            events
                .iter()
                .filter(|e| e["event"] == "tool_result")
                .count(),
            calls
        );
        // Start-up (index, prompt, first request) is timed apart below and left out.
        let first = server.received()[0]
            .replied_at
            .duration_since(started)
            .as_secs_f64()
            * 1000.0;
        per_call.push((wall - first - tools) / calls as f64);
        tool_share.push(tools / calls as f64);
    }
    (median(per_call), median(tool_share))
}

/// Peak resident memory (VmHWM) of `ask` replaying `turns` tool calls.
fn peak_memory_mib(root: &Path, turns: usize) -> f64 {
    let mut script: Vec<Reply> = (0..turns)
        .map(|i| {
            Reply::sse(anthropic::tool_call(
                &format!("t{i}"),
                "read_file",
                json!({"path": "pkg/core.py", "limit": 60}),
            ))
        })
        .collect();
    script.push(Reply::sse(anthropic::text("done")));
    let server = ReplayServer::start(script);
    let mut child = ask(root, &server, &["--max-turns", "500", "read", "it"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0u64;
    loop {
        if let Ok(text) = std::fs::read_to_string(&status)
            && let Some(kib) = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        {
            peak_kib = peak_kib.max(kib);
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(server.received().len(), turns + 1);
    peak_kib as f64 / 1024.0
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let repo = repository();
    let root = repo.path();
    println!(
        "first SSE byte → first character on stdout: {:.2} ms (median of 20)",
        first_byte_to_stdout(root)
    );
    let (per_call, tool) = loop_cost_per_call(root);
    println!(
        "loop cost per tool call (HTTP round trip + SSE + dispatch + session write, tool excluded): {per_call:.2} ms (median of 5 × 100 calls; the tool itself {tool:.2} ms)"
    );
    let one = peak_memory_mib(root, 1);
    let many = peak_memory_mib(root, 200);
    let session = std::fs::read_dir(root.join(".state/repotoire/sessions"))
        .unwrap()
        .flatten()
        .map(|e| e.metadata().unwrap().len())
        .max()
        .unwrap_or(0);
    println!(
        "peak memory of ask: 1 turn {one:.1} MiB, 200 turns {many:.1} MiB ({:.2}×); largest session file {:.0} KiB",
        many / one,
        session as f64 / 1024.0
    );
}
