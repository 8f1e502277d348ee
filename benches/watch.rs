//! Watch-mode latency on a real corpus (default django): edit one file, time from the write
//! until `analysis_finished` is printed (the first of the save, and the one after value
//! flow is solved); p50 and p95 over REPOTOIRE_WATCH_EDITS edits
//! (default 20) of each kind — a change inside a function body, a new call, a new import at
//! module level, an import inside a function, a new function with a finding (and a local
//! import) — with the debounce window reported apart; then CPU used while idle. The corpus
//! is copied to a temporary folder first (it is edited).
//!
//!   cargo bench --bench watch [-- CORPUS]        (REPOTOIRE_CORPORA as for the corpus bench)

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Changes the edited file's text for edit number `i`.
type Edit<'a> = &'a dyn Fn(&mut String, usize);

fn percentile(samples: &mut [f64], p: f64) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[((samples.len() as f64 - 1.0) * p).round() as usize]
}

/// utime + stime of a process, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields
        .get(11)
        .and_then(|u| u.parse::<u64>().ok())
        .unwrap_or(0)
        + fields
            .get(12)
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(0)
}

#[expect(
    clippy::too_many_lines,
    reason = "a scripted editing session measured step by step"
)]
fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let Some(source) = common::wanted_corpus() else {
        return;
    };
    let edits: usize = std::env::var("REPOTOIRE_WATCH_EDITS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let debounce: u64 = std::env::var("REPOTOIRE_WATCH_DEBOUNCE")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(100);
    let temp = tempfile::tempdir().unwrap();
    let root = temp.path().join("corpus");
    let copied = Command::new("cp")
        .arg("-r")
        .arg(&source)
        .arg(&root)
        .status()
        .unwrap();
    assert!(copied.success());
    // The file edited: the largest Python or TS file would favour us less than a typical one;
    // take a mid-sized, much-imported module.
    let target = [
        "django/utils/text.py",
        "src/flask/helpers.py",
        "pydantic/main.py",
    ]
    .iter()
    .map(|p| root.join(p))
    .find(|p| p.exists())
    .unwrap_or_else(|| largest_source(&root));
    let relative = target
        .strip_prefix(&root)
        .unwrap()
        .to_string_lossy()
        .into_owned();

    let mut child = Command::new(env!("CARGO_BIN_EXE_repotoire"))
        .args([
            "watch",
            "--format",
            "jsonl",
            "--debounce",
            &debounce.to_string(),
        ])
        .arg(&root)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // Findings folded from the events, to compare with a cold analysis at the end.
    let mut live: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    // The first `analysis_finished` of a save and when it came, and when the one that
    // ends it came (after value flow is solved: `pending` false).
    let mut finished =
        |lines: &mut std::io::Lines<BufReader<std::process::ChildStdout>>| -> (serde_json::Value, Instant, Instant) {
            let mut first: Option<(serde_json::Value, Instant)> = None;
            loop {
                let line = lines.next().expect("watcher ended").unwrap();
                let event: serde_json::Value = serde_json::from_str(&line).unwrap();
                let fingerprint = event["finding"]["fingerprint"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                match event["event"].as_str() {
                    Some("analysis_finished") => {
                        let now = Instant::now();
                        let pending = event["pending"] == true;
                        let (event, at) = first.take().unwrap_or((event, now));
                        if !pending {
                            return (event, at, now);
                        }
                        first = Some((event, at));
                    }
                    Some("finding_added") => {
                        live.insert(fingerprint);
                    }
                    Some("finding_resolved") => {
                        live.remove(&fingerprint);
                    }
                    _ => {}
                }
            }
        };
    let started = Instant::now();
    let (first, _, _) = finished(&mut lines);
    println!(
        "{}: first analysis {:.0} ms ({} files, {} findings); editing {relative}; debounce {debounce} ms",
        source.display(),
        started.elapsed().as_secs_f64() * 1000.0,
        first["files"],
        first["findings"]
    );

    // The package the edited file belongs to: what the import edits import.
    let package = relative
        .trim_start_matches("src/")
        .split('/')
        .next()
        .unwrap_or("os")
        .to_string();
    let mut text = std::fs::read_to_string(&target).unwrap();
    // The body edits change this function's return line.
    text.push_str("\n\ndef bench_body(value):\n    return value * 0\n");
    std::fs::write(&target, &text).unwrap();
    finished(&mut lines);
    let kinds: [(&str, Edit); 5] = [
        ("body", &|text: &mut String, i: usize| {
            let at = text.rfind("    return value * ").unwrap();
            let end = at + text[at..].find('\n').unwrap();
            text.replace_range(at..end, &format!("    return value * {}", i + 1));
        }),
        ("new call", &|text: &mut String, i: usize| {
            text.push_str(&format!(
                "\n\ndef bench_call_{i}(value):\n    return bench_body(value)\n"
            ));
        }),
        ("new import", &|text: &mut String, i: usize| {
            text.push_str(&format!("\nimport {package} as bench_package_{i}\n"));
        }),
        ("import in a function", &|text: &mut String, i: usize| {
            text.push_str(&format!(
                "\n\ndef bench_local_{i}():\n    import {package} as p\n    return p\n"
            ));
        }),
        ("new finding", &|text: &mut String, i: usize| {
            text.push_str(&format!(
                "\n\ndef bench_finding_{i}(value, seen=[]):\n    import {package} as p\n    seen.append(p)\n    return seen\n"
            ));
        }),
    ];
    println!(
        "| edit | edits | write → event p50 ms | p95 ms | beyond debounce p50 ms | p95 ms | analysis p50 ms (inside) | value flow solved, beyond debounce p50 ms |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (name, edit) in kinds {
        let mut total = Vec::new();
        let mut analysis = Vec::new();
        let mut settled = Vec::new();
        for i in 0..edits {
            edit(&mut text, i);
            let t = Instant::now();
            std::fs::write(&target, &text).unwrap();
            let (event, first, last) = finished(&mut lines);
            total.push((first - t).as_secs_f64() * 1000.0);
            settled.push((last - t).as_secs_f64() * 1000.0 - debounce as f64);
            analysis.push(event["ms"].as_f64().unwrap_or(0.0));
            assert!(
                event["changed"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|c| c == relative.as_str()),
                "{event}"
            );
            if name == "new finding" {
                assert!(event["added"].as_u64().unwrap_or(0) > 0, "{event}");
            }
        }
        let beyond: Vec<f64> = total.iter().map(|t| t - debounce as f64).collect();
        println!(
            "| {name} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            edits,
            percentile(&mut total.clone(), 0.5),
            percentile(&mut total.clone(), 0.95),
            percentile(&mut beyond.clone(), 0.5),
            percentile(&mut beyond.clone(), 0.95),
            percentile(&mut analysis, 0.5),
            percentile(&mut settled, 0.5)
        );
    }

    // Idle: after the last analysis the watcher finishes its background work (the cache
    // write, the spare copy of the graph) within a second or two; then it should sleep.
    let pid = child.id();
    std::thread::sleep(Duration::from_secs(2));
    let before = cpu_ticks(pid);
    let idle = Duration::from_secs(10);
    std::thread::sleep(idle);
    let used = cpu_ticks(pid).saturating_sub(before);
    println!(
        "idle: {used} clock ticks of CPU in {} s ({:.2} % of one core)",
        idle.as_secs(),
        used as f64 / (idle.as_secs_f64() * 100.0) * 100.0
    );
    let _ = child.kill();
    let _ = child.wait();

    let cold = Command::new(env!("CARGO_BIN_EXE_repotoire"))
        .args([
            "--headless",
            "analyze",
            "--no-cache",
            "--format",
            "json",
            "--fail-on",
            "never",
        ])
        .arg(&root)
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&cold.stdout).unwrap();
    let cold: std::collections::BTreeSet<String> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["fingerprint"].as_str().unwrap_or_default().to_string())
        .collect();
    let only_live = live.difference(&cold).count();
    let only_cold = cold.difference(&live).count();
    println!(
        "after the edits: {} findings live, {} in a cold analysis; {only_live} only live, {only_cold} only cold",
        live.len(),
        cold.len()
    );
    assert!(
        only_live == 0 && only_cold == 0,
        "watch diverged from a cold analysis"
    );
}

fn largest_source(root: &Path) -> PathBuf {
    let walk = repotoire::parse::walk::walk(root, repotoire::engine::DEFAULT_MAX_FILE_SIZE);
    walk.files
        .iter()
        .max_by_key(|f| f.size)
        .map(|f| f.abs.clone())
        .unwrap()
}
