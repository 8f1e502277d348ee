//! `repotoire watch [PATH] [--format text|jsonl] [--debounce MS]`: analyse once, then print
//! what each save changed until Ctrl+C (exit 0).

use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use serde_json::json;

use crate::cli::args::{GlobalArgs, WatchArgs, WatchFormat};
use crate::detect::Finding;
use crate::tools::Workspace;
use crate::tools::workspace::{State, WorkspaceOptions};
use crate::watch::session::{Delta, Update};
use crate::watch::{Changes, Message, Session};

pub fn run(global: &GlobalArgs, args: WatchArgs) -> anyhow::Result<i32> {
    if !args.path.is_dir() {
        bail!(
            "{}: {}",
            args.path.display(),
            if args.path.exists() {
                "not a directory"
            } else {
                "no such file or directory"
            }
        );
    }
    let options = WorkspaceOptions {
        use_cache: !global.no_cache,
        max_file_size: global.max_file_size,
        live: true,
    };
    // Watching starts before the first analysis so that no save in between is lost.
    let changes = Changes::watch(&args.path, Duration::from_millis(args.debounce))
        .with_context(|| format!("{}: cannot watch", args.path.display()))?;
    let workspace = Arc::new(Workspace::open(&args.path, &options)?);
    let mut session = Session::new(workspace.clone());
    let updates = session.subscribe();
    let format = args.format;
    let root = workspace.root().display().to_string();
    let stop_on_close = changes.sender.clone();
    let printer = std::thread::spawn(move || {
        print_updates(&updates, format, &root);
        // stdout closed (a pipe's reader left): nobody is listening any more.
        let _ = stop_on_close.send(Message::Stop);
    });

    let stop = changes.sender.clone();
    std::thread::spawn(move || {
        if let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        {
            runtime.block_on(async {
                let _ = tokio::signal::ctrl_c().await;
            });
            let _ = stop.send(Message::Stop);
        }
    });
    session.start();
    session.run(&changes.receiver);
    drop(session);
    let _ = printer.join();
    Ok(crate::cli::EXIT_OK)
}

fn print_updates(updates: &std::sync::mpsc::Receiver<Update>, format: WatchFormat, root: &str) {
    let mut out = std::io::stdout();
    for (state, delta) in updates {
        let mut text = String::new();
        match format {
            WatchFormat::Jsonl => text = json_lines(&state, &delta),
            WatchFormat::Text => {
                if delta.initial {
                    text.push_str(&format!(
                        "watching {root}: {} files, {} findings, health {}. Ctrl+C to stop.\n",
                        state.snap.files.len(),
                        delta.findings,
                        delta.health
                    ));
                } else if delta.changed.is_empty()
                    && delta.added.is_empty()
                    && delta.resolved.is_empty()
                {
                    // Value flow solved after a save, changing no finding: nothing to say.
                    continue;
                } else {
                    let mut shown: Vec<&str> =
                        delta.changed.iter().take(3).map(String::as_str).collect();
                    if shown.is_empty() {
                        shown.push("value flow");
                    }
                    let more = delta.changed.len().saturating_sub(shown.len());
                    text.push_str(&format!(
                        "{}{}: +{} -{} findings ({} now), health {}{} ({:.0} ms)\n",
                        shown.join(", "),
                        if more > 0 {
                            format!(" and {more} more")
                        } else {
                            String::new()
                        },
                        delta.added.len(),
                        delta.resolved.len(),
                        delta.findings,
                        delta.health,
                        match i64::from(delta.health) - i64::from(delta.previous_health) {
                            0 => String::new(),
                            change => format!(" ({change:+})"),
                        },
                        delta.took.as_secs_f64() * 1000.0
                    ));
                    for skipped in delta.skipped.iter().filter(|s| s.reason.is_warning()) {
                        text.push_str(&format!(
                            "  ! {}: not analysed: {}\n",
                            skipped.path, skipped.reason
                        ));
                    }
                    for (file, diagnostics) in &delta.diagnostics {
                        for d in diagnostics.iter().take(3) {
                            text.push_str(&format!(
                                "  ! syntax error {file}:{}: {}\n",
                                d.line, d.message
                            ));
                        }
                    }
                    for finding in &delta.resolved {
                        text.push_str(&format!("  - {}\n", one_line(finding)));
                    }
                    for finding in &delta.added {
                        text.push_str(&format!("  + {}\n", one_line(finding)));
                    }
                }
            }
        }
        // A closed stdout ends the printing, not the process (Ctrl+C does).
        if out
            .write_all(text.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            return;
        }
    }
}

/// One analysis as JSON lines: warnings, syntax errors, findings resolved and added, then
/// `analysis_finished`.
fn json_lines(state: &State, delta: &Delta) -> String {
    let mut text = String::new();
    let mut line = |value: serde_json::Value| {
        text.push_str(&value.to_string());
        text.push('\n');
    };
    for skipped in delta.skipped.iter().filter(|s| s.reason.is_warning()) {
        line(
            json!({"event": "warning", "file": skipped.path, "message": format!("{}: not analysed: {}", skipped.path, skipped.reason)}),
        );
    }
    for (file, diagnostics) in &delta.diagnostics {
        for d in diagnostics {
            line(
                json!({"event": "syntax_error", "file": file, "line": d.line, "column": d.column, "message": d.message}),
            );
        }
    }
    for finding in &delta.resolved {
        line(json!({"event": "finding_resolved", "finding": finding}));
    }
    for finding in &delta.added {
        line(json!({"event": "finding_added", "finding": finding}));
    }
    line(json!({
        "event": "analysis_finished",
        "initial": delta.initial,
        "files": state.snap.files.len(),
        "changed": if delta.initial { Vec::new() } else { delta.changed.clone() },
        "added": delta.added.len(),
        "resolved": delta.resolved.len(),
        "findings": delta.findings,
        "health": delta.health,
        "health_change": i64::from(delta.health) - i64::from(delta.previous_health),
        "ms": (delta.took.as_secs_f64() * 10_000.0).round() / 10.0,
        "pending": delta.pending,
    }));
    text
}

fn one_line(finding: &Finding) -> String {
    format!(
        "{} {} {}:{} — {}",
        finding.severity.as_str(),
        finding.detector,
        finding.file,
        finding.line,
        finding.message
    )
}
