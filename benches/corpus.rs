//! End-to-end corpus benchmark (see benches/README.md).
//!
//! For each corpus downloaded by `../shared/corpora.sh DIR` (default
//! `~/.cache/repotoire-corpora`, or `REPOTOIRE_CORPORA`): the parse floor (walk, read and
//! tree-sitter-parse every file, nothing else, in a fresh process), then the real binary
//! cold, with no change, and with one file changed; then `analyze` cold (every detector,
//! JSON report). Floor, cold and `analyze` run in turn, round after round, so that drift in
//! the machine's speed hits all three; times are medians over `REPOTOIRE_BENCH_RUNS` rounds
//! (default 5; more, up to 21, for corpora whose rounds are quick; no-change runs always
//! get 21), and the two ratios are medians of each round's ratio. Every timed run starts
//! after a `sync`.
//!
//!   cargo bench --bench corpus [-- NAME ...]

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use rayon::prelude::*;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Rounds a corpus may get when each is quick, and the time they may take together.
const MAX_ROUNDS: usize = 21;
const ROUND_BUDGET: Duration = Duration::from_secs(20);

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Walk, read and parse every file: what any tree-sitter tool must pay.
fn parse_floor_in_process(root: &Path) -> Duration {
    let started = Instant::now();
    let walk = repotoire::parse::walk::walk(root, repotoire::engine::DEFAULT_MAX_FILE_SIZE);
    // The parser's heap as the binary chooses it for a cold run of this tree.
    repotoire::process::parser_heap::choose(walk.files.iter().map(|f| f.size).sum());
    // In the order the engine parses them.
    let nodes: usize = repotoire::parse::walk::largest_first(&walk.files, 0..walk.files.len())
        .into_iter()
        .par_bridge()
        .map(|i| {
            let f = &walk.files[i];
            std::fs::read(&f.abs)
                .map_or(0, |bytes| repotoire::parse::parse_only(f.language, &bytes))
        })
        .sum();
    std::hint::black_box(nodes);
    started.elapsed()
}

/// The floor as a tool would pay it: in a fresh process (this bench binary run again with
/// `--floor-once`), like the cold run it is set against, so that neither has a thread pool
/// already started or a heap already faulted in that the other lacks.
fn parse_floor(root: &Path) -> Duration {
    let started = Instant::now();
    let output = Command::new(std::env::current_exe().expect("bench binary"))
        .arg("--floor-once")
        .arg(root)
        .output()
        .expect("run the floor");
    let wall = started.elapsed();
    assert!(
        output.status.success() && !output.stdout.is_empty(),
        "the floor run failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    wall
}

struct Run {
    wall: Duration,
    stats: serde_json::Value,
}

fn run_stats(binary: &Path, root: &Path) -> Run {
    let started = Instant::now();
    let output = Command::new(binary)
        .args(["--headless", "graph", "stats", "--format", "json"])
        .arg(root)
        .output()
        .expect("run repotoire");
    let wall = started.elapsed();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Run {
        wall,
        stats: serde_json::from_slice(&output.stdout).expect("stats json"),
    }
}

/// `analyze` from an empty cache, the report written to a scratch file.
fn run_analyze(binary: &Path, root: &Path) -> Duration {
    let report = std::env::temp_dir().join(format!("repotoire-bench-{}.json", std::process::id()));
    let started = Instant::now();
    let output = Command::new(binary)
        .args([
            "--headless",
            "analyze",
            "--format",
            "json",
            "--fail-on",
            "never",
            "--output",
        ])
        .arg(&report)
        .arg(root)
        .output()
        .expect("run repotoire analyze");
    let wall = started.elapsed();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let _ = std::fs::remove_file(&report);
    wall
}

fn reset_cache(root: &Path) {
    let _ = std::fs::remove_dir_all(root.join(".repotoire"));
    settle();
}

/// Flushes what earlier runs left in the page cache (the cache database is written without
/// syncs), so that the kernel's writeback of one run is not timed as part of the next:
/// without it, a cold run's walk after deleting the cache on a large corpus took more
/// than twice as long one time in three.
fn settle() {
    let _ = Command::new("sync").status();
}

/// A file to edit for the one-file-changed run: the largest source file.
fn file_to_touch(root: &Path) -> Option<PathBuf> {
    let walk = repotoire::parse::walk::walk(root, repotoire::engine::DEFAULT_MAX_FILE_SIZE);
    walk.files
        .iter()
        .max_by_key(|f| f.size)
        .map(|f| f.abs.clone())
}

#[expect(
    clippy::too_many_lines,
    reason = "the bench's rounds read top to bottom as the table they print"
)]
fn main() {
    // The floor parses with the allocator the binary uses.
    repotoire::process::parser_heap::install();
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, root] = args.as_slice()
        && flag == "--floor-once"
    {
        // Timed from outside, like the cold run: exec and exit included.
        println!("{:?}", parse_floor_in_process(Path::new(root)));
        return;
    }
    // `cargo test --all-targets` runs bench binaries without `--bench`: compile-check only.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_repotoire"));
    let dir = common::corpora_dir();
    let runs: usize = std::env::var("REPOTOIRE_BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mut corpora: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.is_dir()
                    && !p
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect(),
        Err(_) => {
            eprintln!(
                "no corpora in {}: run ../shared/corpora.sh {}",
                dir.display(),
                dir.display()
            );
            return;
        }
    };
    corpora.sort();
    println!(
        "| corpus | files | floor ms | cold ms | cold/floor | no-change ms | no-change/cold | one-file ms | analyze ms | analyze/cold | peak MiB | nodes | edges | calls resolved | ambiguous |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for root in corpora {
        let name = root
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !only.is_empty() && !only.iter().any(|o| name.contains(o.as_str())) {
            continue;
        }
        let warm = median((0..runs).map(|_| parse_floor_in_process(&root)).collect());
        let mut floor = Vec::new();
        let mut cold = Vec::new();
        let mut analyze = Vec::new();
        let mut peak: f64 = 0.0;
        // Small corpora get more rounds (up to `MAX_ROUNDS`, within `ROUND_BUDGET`): on a
        // shared host a short run moves by a fifth from one round to the next, which a
        // median of five cannot settle.
        let mut rounds = runs;
        let mut round = 0;
        let started = Instant::now();
        while round < rounds {
            round += 1;
            settle();
            floor.push(parse_floor(&root));
            reset_cache(&root);
            let run = run_stats(&binary, &root);
            peak = peak.max(run.stats["peak_rss_mib"].as_f64().unwrap_or(0.0));
            cold.push(run.wall);
            reset_cache(&root);
            analyze.push(run_analyze(&binary, &root));
            if round == 1 {
                let per_round = started.elapsed().as_secs_f64().max(1e-3);
                rounds =
                    runs.max(((ROUND_BUDGET.as_secs_f64() / per_round) as usize).min(MAX_ROUNDS));
            }
        }
        reset_cache(&root);
        let stats = run_stats(&binary, &root).stats;
        // No-change runs are cheap and, on a shared host, bimodal: always the most rounds.
        let no_change: Vec<Duration> = (0..MAX_ROUNDS.max(rounds))
            .map(|_| {
                settle();
                run_stats(&binary, &root).wall
            })
            .collect();
        let mut one_file = Vec::new();
        if let Some(path) = file_to_touch(&root) {
            let original = std::fs::read(&path).expect("read file to touch");
            for i in 0..rounds {
                let mut edited = original.clone();
                edited.extend_from_slice(format!("\n// repotoire bench edit {i}\n").as_bytes());
                if path.extension().is_some_and(|e| e == "py") {
                    let len = edited.len();
                    edited.truncate(len - format!("// repotoire bench edit {i}\n").len());
                    edited.extend_from_slice(format!("# repotoire bench edit {i}\n").as_bytes());
                }
                std::fs::write(&path, &edited).expect("edit");
                settle();
                one_file.push(run_stats(&binary, &root).wall);
            }
            std::fs::write(&path, &original).expect("restore");
        }
        reset_cache(&root);
        let files: u64 = stats["files_by_language"]
            .as_object()
            .map_or(0, |m| m.values().filter_map(|v| v.as_u64()).sum());
        let sum = |key: &str| {
            stats[key]
                .as_object()
                .map_or(0, |m| m.values().filter_map(|v| v.as_u64()).sum::<u64>())
        };
        let calls = &stats["calls"];
        let sites = calls["sites"].as_f64().unwrap_or(0.0).max(1.0);
        // Ratios taken round by round, then their median: a round's three runs share the
        // machine's speed of the moment, which drifts by more than the margins measured.
        let ratio = |a: &[Duration], b: &[Duration]| {
            let mut r: Vec<f64> = a.iter().zip(b).map(|(x, y)| ms(*x) / ms(*y)).collect();
            r.sort_by(f64::total_cmp);
            r[r.len() / 2]
        };
        let (cold_floor, analyze_cold) = (ratio(&cold, &floor), ratio(&analyze, &cold));
        for (round, ((f, c), a)) in floor.iter().zip(&cold).zip(&analyze).enumerate() {
            eprintln!(
                "{name} round {round}: floor {:.0} cold {:.0} analyze {:.0} ms",
                ms(*f),
                ms(*c),
                ms(*a)
            );
        }
        let (floor, cold, no_change, one_file, analyze) = (
            median(floor),
            median(cold),
            median(no_change),
            median(one_file),
            median(analyze),
        );
        eprintln!(
            "{name}: floor in this (warm) process {:.0} ms, in a fresh process {:.0} ms",
            ms(warm),
            ms(floor)
        );
        println!(
            "| {name} | {files} | {:.0} | {:.0} | {:.2} | {:.0} | {:.1}% | {:.0} | {:.0} | {:.2} | {:.0} | {} | {} | {:.1}% | {:.1}% |",
            ms(floor),
            ms(cold),
            cold_floor,
            ms(no_change),
            ms(no_change) * 100.0 / ms(cold),
            ms(one_file),
            ms(analyze),
            analyze_cold,
            peak,
            sum("nodes_by_kind"),
            sum("edges_by_kind"),
            calls["resolved"].as_f64().unwrap_or(0.0) * 100.0 / sites,
            calls["ambiguous"].as_f64().unwrap_or(0.0) * 100.0 / sites,
        );
    }
}
