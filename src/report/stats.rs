//! `graph stats`: what the graph holds, how well it resolved, and where the time went.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use crate::engine::Report;
use crate::graph::{EdgeKind, NodeKind, Snapshot};

#[derive(Serialize)]
pub struct Stats {
    pub files_by_language: BTreeMap<&'static str, usize>,
    pub nodes_by_kind: BTreeMap<&'static str, usize>,
    pub edges_by_kind: BTreeMap<&'static str, usize>,
    pub calls: CallStats,
    pub imports: ImportStats,
    pub inherits: InheritStats,
    pub skipped: BTreeMap<&'static str, usize>,
    pub skipped_files: Vec<SkippedFile>,
    pub diagnostics: DiagnosticStats,
    pub cache: CacheStats,
    pub timings_ms: Vec<(&'static str, f64)>,
    pub peak_rss_mib: Option<f64>,
}

#[derive(Serialize)]
pub struct CallStats {
    pub sites: usize,
    pub resolved: usize,
    pub ambiguous: usize,
    pub unresolved: usize,
    /// Of the unresolved: calls of the language's builtins, and of libraries' functions.
    pub builtin: usize,
    pub external: usize,
}

#[derive(Serialize)]
pub struct ImportStats {
    pub total: usize,
    pub resolved: usize,
    pub external: usize,
}

#[derive(Serialize)]
pub struct InheritStats {
    pub total: usize,
    pub resolved: usize,
}

#[derive(Serialize)]
pub struct SkippedFile {
    pub path: String,
    pub reason: String,
}

#[derive(Serialize)]
pub struct DiagnosticStats {
    pub files_with_errors: usize,
    pub diagnostics: usize,
    pub lossy_files: usize,
}

#[derive(Serialize)]
pub struct CacheStats {
    pub used: bool,
    pub parsed: usize,
    pub reused: usize,
}

pub fn collect(snap: &Snapshot, report: &Report) -> Stats {
    let mut nodes_by_kind = BTreeMap::new();
    for kind in NodeKind::ALL {
        nodes_by_kind.insert(kind.as_str(), 0);
    }
    for node in snap.graph.node_weights() {
        *nodes_by_kind.entry(node.kind.as_str()).or_default() += 1;
    }
    let mut edges_by_kind = BTreeMap::new();
    for kind in EdgeKind::ALL {
        edges_by_kind.insert(kind.as_str(), 0);
    }
    for edge in snap.graph.edge_weights() {
        *edges_by_kind.entry(edge.kind.as_str()).or_default() += 1;
    }
    let mut skipped = BTreeMap::new();
    for s in &report.skipped {
        *skipped.entry(s.reason.label()).or_default() += 1;
    }
    let s = &snap.stats;
    Stats {
        files_by_language: report.files_by_language.clone(),
        nodes_by_kind,
        edges_by_kind,
        calls: CallStats {
            sites: s.calls,
            resolved: s.calls_resolved,
            ambiguous: s.calls_ambiguous,
            unresolved: s.calls_unresolved,
            builtin: s.calls_builtin,
            external: s.calls_external,
        },
        imports: ImportStats {
            total: s.imports,
            resolved: s.imports_resolved,
            external: s.imports_external,
        },
        inherits: InheritStats {
            total: s.inherits,
            resolved: s.inherits_resolved,
        },
        skipped,
        skipped_files: report
            .skipped
            .iter()
            .map(|s| SkippedFile {
                path: s.path.clone(),
                reason: s.reason.to_string(),
            })
            .collect(),
        diagnostics: DiagnosticStats {
            files_with_errors: snap
                .files
                .iter()
                .filter(|f| {
                    f.diagnostics
                        .iter()
                        .any(|d| d.message.starts_with("syntax"))
                })
                .count(),
            diagnostics: snap.files.iter().map(|f| f.diagnostics.len()).sum(),
            lossy_files: snap.files.iter().filter(|f| f.lossy).count(),
        },
        cache: CacheStats {
            used: report.cache_used,
            parsed: report.parsed,
            reused: report.reused,
        },
        timings_ms: report
            .timings
            .iter()
            .map(|(name, d)| (*name, d.as_secs_f64() * 1000.0))
            .collect(),
        peak_rss_mib: crate::process::memory::peak_rss_mib(),
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

fn join_counts(counts: &BTreeMap<&'static str, usize>) -> String {
    counts
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn write_text(stats: &Stats, verbose: bool, out: &mut impl Write) -> std::io::Result<()> {
    let files: usize = stats.files_by_language.values().sum();
    writeln!(
        out,
        "files        {files} ({})",
        join_counts(&stats.files_by_language)
    )?;
    let skipped: usize = stats.skipped.values().sum();
    if skipped == 0 {
        writeln!(out, "skipped      0")?;
    } else {
        writeln!(
            out,
            "skipped      {skipped} ({}){}",
            join_counts(&stats.skipped),
            if verbose { "" } else { "; -v lists them" }
        )?;
        if verbose {
            for file in &stats.skipped_files {
                writeln!(out, "               {}: {}", file.path, file.reason)?;
            }
        }
    }
    writeln!(
        out,
        "nodes        {} ({})",
        stats.nodes_by_kind.values().sum::<usize>(),
        join_counts(&stats.nodes_by_kind)
    )?;
    writeln!(
        out,
        "edges        {} ({})",
        stats.edges_by_kind.values().sum::<usize>(),
        join_counts(&stats.edges_by_kind)
    )?;
    let c = &stats.calls;
    writeln!(
        out,
        "calls        {} sites: resolved {} ({:.1}%), ambiguous {} ({:.1}%), unresolved {} ({:.1}%; builtins {}, libraries {})",
        c.sites,
        c.resolved,
        percent(c.resolved, c.sites),
        c.ambiguous,
        percent(c.ambiguous, c.sites),
        c.unresolved,
        percent(c.unresolved, c.sites),
        c.builtin,
        c.external
    )?;
    let i = &stats.imports;
    writeln!(
        out,
        "imports      {}: resolved {} ({:.1}%), external or unknown {}",
        i.total,
        i.resolved,
        percent(i.resolved, i.total),
        i.external
    )?;
    writeln!(
        out,
        "inherits     {}: resolved {} ({:.1}%)",
        stats.inherits.total,
        stats.inherits.resolved,
        percent(stats.inherits.resolved, stats.inherits.total)
    )?;
    let d = &stats.diagnostics;
    writeln!(
        out,
        "diagnostics  {} in {} files with syntax errors; {} files decoded lossily",
        d.diagnostics, d.files_with_errors, d.lossy_files
    )?;
    let cache = &stats.cache;
    if cache.used {
        writeln!(
            out,
            "cache        parsed {}, reused {}",
            cache.parsed, cache.reused
        )?;
    } else {
        writeln!(out, "cache        off (parsed {})", cache.parsed)?;
    }
    let timings: Vec<String> = stats
        .timings_ms
        .iter()
        .map(|(name, ms)| format!("{name} {ms:.1} ms"))
        .collect();
    writeln!(out, "time         {}", timings.join(", "))?;
    if let Some(mib) = stats.peak_rss_mib {
        writeln!(out, "peak memory  {mib:.0} MiB")?;
    }
    Ok(())
}
