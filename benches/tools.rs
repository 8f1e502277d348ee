//! Tool latency on a real corpus (default django from `../shared/corpora.sh`), the MCP stdio
//! round trip, and how big the answer to "who calls X and what breaks if I change it" is
//! through our tools versus grep plus reading the matching files.
//!
//!   cargo bench --bench tools [-- CORPUS]        (REPOTOIRE_CORPORA as for the corpus bench)
//!
//! Each tool runs after one warm-up call (which builds what it derives lazily: name index,
//! search index, findings); p50 and p99 are over REPOTOIRE_TOOL_RUNS calls (default 200,
//! 20 for the tools that walk the whole graph).

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use repotoire::tools::workspace::WorkspaceOptions;
use repotoire::tools::{Control, Workspace, registry};
use serde_json::{Value, json};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn percentile(samples: &mut [Duration], p: f64) -> f64 {
    samples.sort();
    let index = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples[index].as_secs_f64() * 1000.0
}

/// Symbols asked about on django, chosen across the fan-in range.
const DJANGO: &[&str] = &[
    "django.utils.text.slugify",
    "django.db.models.sql.query.Query.add_q",
    "django.utils.html.escape",
    "django.core.cache.backends.base.BaseCache.get",
];

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let Some(root) = common::wanted_corpus() else {
        return;
    };
    let runs: usize = std::env::var("REPOTOIRE_TOOL_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(200);
    let started = Instant::now();
    let ws = Workspace::open(&root, &WorkspaceOptions::default()).expect("workspace");
    println!(
        "{}: workspace open {:.0} ms",
        root.display(),
        started.elapsed().as_secs_f64() * 1000.0
    );

    let symbol = DJANGO[0];
    let file = "django/utils/text.py";
    let calls: Vec<(&str, Value, usize)> = vec![
        ("find_symbol", json!({"query": "slugify"}), runs),
        ("file_outline", json!({"file": file}), runs),
        ("find_callers", json!({"symbol": symbol}), runs),
        ("find_callers", json!({"symbol": symbol, "depth": 3}), runs),
        (
            "find_callees",
            json!({"symbol": "django.db.models.sql.query.Query.add_q"}),
            runs,
        ),
        ("impact_of", json!({"symbol": symbol, "depth": 3}), runs),
        (
            "impact_of",
            json!({"symbol": "django.utils.html.escape", "depth": 3}),
            runs,
        ),
        (
            "trace_path",
            json!({"from": "django.contrib.admin.options.ModelAdmin.changelist_view", "to": "django.db.models.sql.query.Query.add_q"}),
            runs,
        ),
        (
            "list_imports",
            json!({"module": "django/db/models/query.py"}),
            runs,
        ),
        (
            "list_importers",
            json!({"target": "django.utils.text"}),
            runs,
        ),
        ("search_code", json!({"query": "slug unicode ascii"}), runs),
        ("search_code", json!({"query": "cache timeout"}), runs),
        ("list_findings", json!({"severity": "medium"}), runs),
        ("explain_finding", json!({}), runs),
        ("graph_stats", json!({}), runs / 10),
        ("find_cycles", json!({}), runs / 10),
        ("hotspots", json!({}), runs / 10),
        ("communities", json!({}), runs / 10),
    ];
    let control = Control::none();
    println!("| tool | arguments | first call ms | p50 ms | p99 ms | runs |");
    println!("|---|---|---:|---:|---:|---:|");
    for (tool, mut args, n) in calls {
        if tool == "explain_finding" {
            let listed =
                registry::call(&ws, "list_findings", json!({"limit": 1}), &control).unwrap();
            args = json!({"fingerprint": listed.json["findings"][0]["fingerprint"]});
        }
        let first = Instant::now();
        let reply = registry::call(&ws, tool, args.clone(), &control);
        let first = first.elapsed();
        if let Err(err) = &reply {
            println!("| {tool} | {args} | error: {err} | | | |");
            continue;
        }
        let mut samples: Vec<Duration> = (0..n.max(5))
            .map(|_| {
                let t = Instant::now();
                std::hint::black_box(registry::call(&ws, tool, args.clone(), &control).unwrap());
                t.elapsed()
            })
            .collect();
        let shown = args.to_string();
        println!(
            "| {tool} | `{}` | {:.1} | {:.3} | {:.3} | {} |",
            if shown.len() > 60 {
                &shown[..60]
            } else {
                &shown
            },
            first.as_secs_f64() * 1000.0,
            percentile(&mut samples, 0.5),
            percentile(&mut samples, 0.99),
            samples.len()
        );
    }

    mcp_round_trip(&root, symbol, runs);
    answer_sizes(&ws, &root);
}

/// `tools/call find_callers` over stdio to `repotoire serve`, raw JSON-RPC, after the
/// handshake: p50/p99 of write-request → read-response.
fn mcp_round_trip(root: &Path, symbol: &str, runs: usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_repotoire"))
        .args(["serve", "--path"])
        .arg(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut send = |message: Value| {
        stdin.write_all(message.to_string().as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    };
    let mut line = String::new();
    send(
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}}),
    );
    stdout.read_line(&mut line).unwrap();
    send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    let mut samples = Vec::new();
    for id in 1..=runs.max(5) {
        line.clear();
        let t = Instant::now();
        send(
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "find_callers", "arguments": {"symbol": symbol}}}),
        );
        stdout.read_line(&mut line).unwrap();
        samples.push(t.elapsed());
        assert!(line.contains("callers"), "{line}");
    }
    let _ = child.kill();
    let _ = child.wait();
    println!(
        "\nMCP stdio round trip, find_callers {symbol}: p50 {:.3} ms, p99 {:.3} ms over {} calls",
        percentile(&mut samples, 0.5),
        percentile(&mut samples, 0.99),
        samples.len()
    );
}

/// "Who calls X and what breaks if I change it": find_callers + impact_of (complete: no
/// limit reached) against `grep -rnw NAME` over the source files plus the full text of every
/// file it matched (what an agent reads to answer the same question).
fn answer_sizes(ws: &Workspace, root: &Path) {
    println!(
        "\n| symbol | callers | dependents | ours (tokens ≈ chars/4) | grep route (tokens) | grep files | ratio | complete |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---|");
    let control = Control::none();
    for symbol in DJANGO {
        let callers = registry::call(
            ws,
            "find_callers",
            json!({"symbol": symbol, "limit": 500}),
            &control,
        )
        .unwrap();
        let impact = registry::call(
            ws,
            "impact_of",
            json!({"symbol": symbol, "depth": 3, "limit": 500}),
            &control,
        )
        .unwrap();
        let ours = callers.text.len() + impact.text.len();
        let complete = callers.json["total"].as_u64()
            == Some(callers.json["callers"].as_array().unwrap().len() as u64)
            && impact.json["direct_count"].as_u64()
                == Some(impact.json["direct"].as_array().unwrap().len() as u64)
            && !callers.text.contains("output cut")
            && !impact.text.contains("output cut");
        let name = symbol.rsplit('.').next().unwrap();
        let grep = Command::new("grep")
            .args(["-rnw", "--include=*.py", name])
            .arg(".")
            .current_dir(root)
            .output()
            .expect("grep");
        let hits = String::from_utf8_lossy(&grep.stdout);
        let mut files: Vec<&str> = hits.lines().filter_map(|l| l.split(':').next()).collect();
        files.sort();
        files.dedup();
        let read: usize = files
            .iter()
            .map(|f| std::fs::metadata(root.join(f)).map_or(0, |m| m.len() as usize))
            .sum();
        let grep_route = hits.len() + read;
        println!(
            "| {symbol} | {} | {} | {} | {} | {} | {:.1}× | {} |",
            callers.json["total"],
            impact.json["symbols"],
            ours / 4,
            grep_route / 4,
            files.len(),
            grep_route as f64 / ours.max(1) as f64,
            if complete {
                "yes"
            } else {
                "no (limit reached)"
            }
        );
    }
}
