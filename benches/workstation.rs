//! The workstation: what its pure core costs per frame, and what a user waits for in a
//! real terminal on a real corpus (default django).
//!
//!   cargo bench --bench workstation [-- CORPUS]   (REPOTOIRE_CORPORA as for the corpus bench)
//!
//! Core (no corpus needed), medians over REPOTOIRE_FRAMES frames (default 300):
//! - one frame of a 2,000-entry conversation, drawn into a terminal of 200×60;
//! - a key press to its frame written out (update, render, the escape codes) while idle,
//!   and a streamed text delta to its frame while an answer streams.
//!
//! A hosted program (`--agent -- cat`) in tmux: a typed character to its echo on the
//! screen (median, p95 of REPOTOIRE_KEYS keys, default 40), beside `cat` in a plain tmux
//! pane measured the same way; CPU over 10 s while the hosted program is idle.
//!
//! In tmux on the corpus, with no cache: start to first frame (from the workstation's
//! log) beside a cold `graph stats --no-cache` (median of REPOTOIRE_BENCH_RUNS, default 5);
//! start to graph and findings ready; CPU over 10 s idle; resident memory with a resumed
//! 200-message conversation beside `graph stats`' peak.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::{CrosstermBackend, TestBackend};
use repotoire::agent::Event;
use repotoire::tui::core::{Key, Msg, State, render, update};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn median(samples: &mut [f64]) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

const ANSWER: &str = "The **caller** is `checkout()`:\n\n- it charges the card\n- then saves\n\n```python\ndef checkout(order):\n    return charge(order.total())\n```\n";

/// A state holding `entries` conversation entries: prompts, tool lines and answers.
fn long_conversation(entries: usize) -> State {
    let mut state = State::default();
    update(
        &mut state,
        Msg::Resize {
            width: 200,
            height: 60,
        },
    );
    let mut turn = 0;
    while state.conversation.shown.len() < entries {
        turn += 1;
        for c in format!("question {turn}").chars() {
            update(&mut state, Msg::Key { key: Key::char(c) });
        }
        update(
            &mut state,
            Msg::Key {
                key: Key::parse("enter").unwrap(),
            },
        );
        let agent = |state: &mut State, event: Event| {
            let turn = state.turn.id;
            update(state, Msg::Agent { turn, event });
        };
        agent(
            &mut state,
            Event::ToolCall {
                id: format!("t{turn}"),
                name: "find_callers".into(),
                input: serde_json::json!({"symbol": "charge"}),
            },
        );
        agent(
            &mut state,
            Event::ToolResult {
                id: format!("t{turn}"),
                name: "find_callers".into(),
                is_error: false,
                summary: "3 callers".into(),
                output: "3 callers\n  a\n  b\n  c".into(),
                millis: 1,
            },
        );
        agent(
            &mut state,
            Event::TextDelta {
                text: ANSWER.into(),
            },
        );
        let turn_id = state.turn.id;
        update(
            &mut state,
            Msg::TurnEnded {
                turn: turn_id,
                outcome: "finished".into(),
            },
        );
    }
    state
}

/// A terminal that counts the bytes it is sent.
struct Sink(usize);

impl std::io::Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0 += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn core(frames: usize) {
    let mut state = long_conversation(2_000);
    let mut test = Terminal::new(TestBackend::new(200, 60)).unwrap();
    let mut render_ms = Vec::new();
    for _ in 0..frames {
        let t = Instant::now();
        test.draw(|f| render(&state, f)).unwrap();
        render_ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    // A real backend writing its escape codes into memory: the whole key-to-frame path
    // but the terminal's own drawing.
    let mut real = Terminal::with_options(
        CrosstermBackend::new(Sink(0)),
        ratatui::TerminalOptions {
            viewport: ratatui::Viewport::Fixed(ratatui::layout::Rect::new(0, 0, 200, 60)),
        },
    )
    .unwrap();
    let mut idle_ms = Vec::new();
    for i in 0..frames {
        let key = if i % 2 == 0 {
            Key::char('x')
        } else {
            Key::parse("backspace").unwrap()
        };
        let t = Instant::now();
        update(&mut state, Msg::Key { key });
        real.draw(|f| render(&state, f)).unwrap();
        idle_ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    for c in "stream".chars() {
        update(&mut state, Msg::Key { key: Key::char(c) });
    }
    update(
        &mut state,
        Msg::Key {
            key: Key::parse("enter").unwrap(),
        },
    );
    let turn = state.turn.id;
    let mut streaming_ms = Vec::new();
    for i in 0..frames {
        let t = Instant::now();
        update(
            &mut state,
            Msg::Agent {
                turn,
                event: Event::TextDelta {
                    text: format!("word{i} and some more words "),
                },
            },
        );
        real.draw(|f| render(&state, f)).unwrap();
        streaming_ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    println!(
        "core, 2,000 conversation entries, 200×60, medians of {frames}: one frame {:.3} ms; key → frame written, idle {:.3} ms; streamed delta → frame written {:.3} ms (the answer grown to {} bytes)",
        median(&mut render_ms),
        median(&mut idle_ms),
        median(&mut streaming_ms),
        frames * 28
    );
}

/// VmRSS and VmHWM of a process, in MiB.
fn memory(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|k| k.parse::<f64>().ok())
            .map_or(0.0, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    field(11) + field(12)
}

fn tmux(socket: &str, args: &[&str]) -> String {
    let out = Command::new("tmux")
        .args(["-L", socket])
        .args(args)
        .output()
        .expect("tmux");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The first `ms=` of a log line containing `what`.
fn logged_ms(log: &Path, what: &str) -> Option<f64> {
    let text = std::fs::read_to_string(log).ok()?;
    let line = text.lines().find(|l| l.contains(what))?;
    let ms = line.split("ms=").nth(1)?;
    ms.split_whitespace().next()?.parse().ok()
}

fn wait_for(what: &str, deadline: Duration, ready: impl Fn() -> bool) {
    let until = Instant::now() + deadline;
    while !ready() {
        assert!(Instant::now() < until, "waited for {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A saved session of `messages` messages for `root`, in `state/repotoire/sessions`.
fn session(state: &Path, root: &Path, messages: usize) -> String {
    let dir = state.join("repotoire/sessions");
    std::fs::create_dir_all(&dir).unwrap();
    let id = "20261126-000000-bench".to_string();
    let mut lines = vec![
        serde_json::json!({"type": "session", "id": id, "root": root.display().to_string(), "model": "anthropic/claude-sonnet-4-5", "created": 0}).to_string(),
    ];
    for i in 0..messages {
        let (role, text) = if i % 2 == 0 {
            ("user", format!("question {i}: what calls charge()?"))
        } else {
            ("assistant", ANSWER.repeat(3))
        };
        lines.push(
            serde_json::json!({"type": "message", "message": {"role": role, "content": [{"type": "text", "text": text}]}})
                .to_string(),
        );
    }
    std::fs::write(dir.join(format!("{id}.jsonl")), lines.join("\n") + "\n").unwrap();
    id
}

fn in_terminal(corpus: &Path, runs: usize) {
    let bin = env!("CARGO_BIN_EXE_repotoire");
    let mut cold = Vec::new();
    let mut peak = 0.0f64;
    for _ in 0..runs {
        let t = Instant::now();
        let out = Command::new(bin)
            .args(["graph", "stats", "--no-cache", "--format", "json"])
            .arg(corpus)
            .output()
            .unwrap();
        cold.push(t.elapsed().as_secs_f64() * 1000.0);
        let stats: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        peak = peak.max(stats["peak_rss_mib"].as_f64().unwrap_or(0.0));
    }
    let mut first = Vec::new();
    let mut ready = Vec::new();
    let mut idle = 0;
    let mut resident = (0.0, 0.0);
    for run in 0..runs {
        let state = tempfile::tempdir().unwrap();
        let id = session(state.path(), corpus, 200);
        let socket = format!("repotoire-bench-{}-{run}", std::process::id());
        let command = format!(
            "env XDG_STATE_HOME={} XDG_CONFIG_HOME={} ANTHROPIC_API_KEY=unused TERM=xterm-256color {bin} -v --no-cache --resume {id} {}",
            state.path().display(),
            state.path().join("config").display(),
            corpus.display()
        );
        tmux(
            &socket,
            &[
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-x",
                "200",
                "-y",
                "60",
                &command,
            ],
        );
        let log = state.path().join("repotoire/repotoire.log");
        wait_for("the first frame", Duration::from_secs(60), || {
            logged_ms(&log, "first frame").is_some()
        });
        wait_for("the graph", Duration::from_secs(120), || {
            logged_ms(&log, "findings ready").is_some()
        });
        first.push(logged_ms(&log, "first frame").unwrap());
        ready.push(logged_ms(&log, "findings ready").unwrap());
        let pid: u32 = tmux(&socket, &["display-message", "-p", "#{pane_pid}"])
            .trim()
            .parse()
            .unwrap();
        if run == 0 {
            // The cache write and the spare graph copy finish, then the workstation sleeps.
            std::thread::sleep(Duration::from_secs(3));
            let before = cpu_ticks(pid);
            std::thread::sleep(Duration::from_secs(10));
            idle = cpu_ticks(pid) - before;
            resident = memory(pid);
        }
        tmux(&socket, &["kill-server"]);
    }
    let first = median(&mut first);
    let cold = median(&mut cold);
    println!(
        "{}: first frame {first:.1} ms after start (cold `graph stats` {cold:.0} ms: {:.3}×); graph and findings ready after {:.0} ms; medians of {runs}",
        corpus.display(),
        first / cold,
        median(&mut ready)
    );
    println!(
        "idle: {idle} clock ticks of CPU in 10 s ({:.2} % of one core); memory with a 200-message conversation: {:.0} MiB resident (peak {:.0}), `graph stats` peak {peak:.0} MiB",
        idle as f64 / 10.0,
        resident.0,
        resident.1
    );
}

fn percentile(samples: &mut [f64], p: f64) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

/// Milliseconds from `send-keys` of each character until the pane shows it, typed into
/// whatever the pane runs; `ready` is on the screen first.
fn echo_latency(socket: &str, ready: &str, keys: usize) -> Vec<f64> {
    let screen = || tmux(socket, &["capture-pane", "-p"]);
    wait_for(ready, Duration::from_secs(60), || screen().contains(ready));
    let mut samples = Vec::new();
    for i in 0..keys {
        // Each key makes a new, unique word on the screen.
        let marker = format!("k{i:03}z");
        tmux(socket, &["send-keys", "-l", &marker[..marker.len() - 1]]);
        let before = screen();
        let t = Instant::now();
        tmux(socket, &["send-keys", "-l", "z"]);
        wait_for("the echo", Duration::from_secs(10), || {
            let now = screen();
            now != before && now.contains(&marker)
        });
        samples.push(t.elapsed().as_secs_f64() * 1000.0);
        tmux(socket, &["send-keys", "Enter"]);
    }
    samples
}

fn hosted(keys: usize) {
    let bin = env!("CARGO_BIN_EXE_repotoire");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.py"), "def f():\n    return 1\n").unwrap();
    let plain = format!("repotoire-bench-plain-{}", std::process::id());
    tmux(
        &plain,
        &[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "120",
            "-y",
            "40",
            "sh -c 'echo READY; cat'",
        ],
    );
    let mut plain_ms = echo_latency(&plain, "READY", keys);
    tmux(&plain, &["kill-server"]);
    let socket = format!("repotoire-bench-hosted-{}", std::process::id());
    let command = format!(
        "env XDG_STATE_HOME={} TERM=xterm-256color {bin} --agent -- sh -c 'echo READY; cat' {}",
        dir.path().join("state").display(),
        dir.path().display()
    );
    tmux(
        &socket,
        &[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "120",
            "-y",
            "40",
            &command,
        ],
    );
    let mut hosted_ms = echo_latency(&socket, "READY", keys);
    let pid: u32 = tmux(&socket, &["display-message", "-p", "#{pane_pid}"])
        .trim()
        .parse()
        .unwrap();
    std::thread::sleep(Duration::from_secs(2));
    let before = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(10));
    let idle = cpu_ticks(pid) - before;
    tmux(&socket, &["kill-server"]);
    println!(
        "hosted `cat`, key → echo on screen: median {:.1} ms, p95 {:.1} ms; plain tmux pane: median {:.1} ms, p95 {:.1} ms ({} keys); idle: {idle} clock ticks of CPU in 10 s",
        percentile(&mut hosted_ms, 0.5),
        percentile(&mut hosted_ms, 0.95),
        percentile(&mut plain_ms, 0.5),
        percentile(&mut plain_ms, 0.95),
        keys
    );
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let keys = std::env::var("REPOTOIRE_KEYS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(40);
    hosted(keys);
    let frames = std::env::var("REPOTOIRE_FRAMES")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(300);
    core(frames);
    let runs = std::env::var("REPOTOIRE_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    if let Some(corpus) = common::wanted_corpus() {
        in_terminal(&corpus, runs);
    }
}
