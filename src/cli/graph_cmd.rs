//! `repotoire graph export|stats`.

use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::Context;

use crate::cli::args::{DotLevel, ExportFormat, GlobalArgs, GraphCommand, StatsFormat};
use crate::cli::progress::Progress;
use crate::engine::{Engine, Options, Report};
use crate::report::{graph_dot, graph_json, stats};

pub fn run(global: &GlobalArgs, command: GraphCommand) -> anyhow::Result<i32> {
    match command {
        GraphCommand::Export {
            path,
            format,
            level,
        } => {
            let engine = index(global, &path)?;
            let snap = engine.snapshot();
            let stdout = std::io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            match format {
                ExportFormat::Json => graph_json::write(&snap, &mut out),
                ExportFormat::Dot => {
                    let level = match level {
                        DotLevel::Module => graph_dot::Level::Module,
                        DotLevel::Function => graph_dot::Level::Function,
                    };
                    graph_dot::write(&snap, level, &mut out)
                }
            }
            .context("writing the graph")?;
            out.flush().context("writing the graph")?;
            crate::cli::discard_at_exit(engine, snap);
        }
        GraphCommand::Stats { path, format } => {
            let (engine, report) = index_with_report(global, &path)?;
            let collected = stats::collect(&engine.snapshot(), &report);
            let stdout = std::io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            match format {
                StatsFormat::Text => stats::write_text(&collected, global.verbose > 0, &mut out)?,
                StatsFormat::Json => {
                    serde_json::to_writer_pretty(&mut out, &collected)?;
                    writeln!(out)?;
                }
            }
            out.flush()?;
            crate::cli::discard_at_exit(engine, (report, collected));
        }
    }
    Ok(crate::cli::EXIT_OK)
}

fn index(global: &GlobalArgs, path: &Path) -> anyhow::Result<Engine> {
    Ok(index_with_report(global, path)?.0)
}

/// Builds the graph of `path`, saying on stderr what it had to skip or rebuild.
pub fn index_with_report(global: &GlobalArgs, path: &Path) -> anyhow::Result<(Engine, Report)> {
    let progress = Progress::start();
    let indexed = index_with_pass(global, path, None, &progress);
    progress.finish();
    indexed
}

/// Builds the graph of `path`, running `pass` over every freshly parsed file.
pub fn index_with_pass(
    global: &GlobalArgs,
    path: &Path,
    pass: Option<std::sync::Arc<dyn crate::parse::LocalPass>>,
    progress: &Progress,
) -> anyhow::Result<(Engine, Report)> {
    let options = Options {
        max_file_size: global.max_file_size,
        use_cache: !global.no_cache,
        pass,
        live: false,
    };
    let engine = Engine::new(path, options)?;
    progress.follow(&engine);
    let report = engine.refresh();
    let mut stderr = std::io::stderr();
    for warning in &report.warnings {
        let _ = writeln!(stderr, "warning: {warning}");
    }
    if global.verbose > 0 {
        let _ = writeln!(
            stderr,
            "repotoire: {} files: parsed {}, reused {} from the cache, skipped {}",
            report.parsed + report.reused,
            report.parsed,
            report.reused,
            report.skipped.len()
        );
        for skipped in &report.skipped {
            let _ = writeln!(stderr, "  skipped {}: {}", skipped.path, skipped.reason);
        }
    }
    Ok((engine, report))
}
