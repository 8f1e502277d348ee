//! `repotoire analyze`: index with the detectors' local pass, run the graph detectors,
//! filter (diff, baseline), render, and exit 0/1 by `--fail-on`.

use std::collections::{HashMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;

use anyhow::{Context, bail};

use crate::cli::args::{AnalyzeArgs, FailOn, FindingsFormat, GlobalArgs};
use crate::cli::deferred_pass::{DeferredPass, Rules};
use crate::cli::graph_cmd::index_with_pass;
use crate::cli::progress::Progress;
use crate::detect::analyze::{Catalog, analyze};
use crate::detect::config::Config;
use crate::detect::{Finding, Severity, baseline, rule};
use crate::report::{findings_json, findings_text, markdown, sarif, summary};

pub fn run(global: &GlobalArgs, args: AnalyzeArgs) -> anyhow::Result<i32> {
    let root = args.path.as_path();
    if !root.is_dir() {
        bail!(
            "{}: {}",
            root.display(),
            if root.exists() {
                "not a directory"
            } else {
                "no such file or directory"
            }
        );
    }
    let mut config = Config::load(root)?;
    config.audit |= args.audit;
    let only: Option<HashSet<String>> =
        (!args.only.is_empty()).then(|| args.only.iter().cloned().collect());
    let rules = load_rules(root, &config, only.as_ref())?;
    let baseline = args.baseline.as_deref().map(baseline::read).transpose()?;
    let changed = args
        .diff
        .as_deref()
        .map(|r| changed_lines(root, r))
        .transpose()?;

    let progress = Progress::start();
    progress.stage("indexing");
    let indexed = index_with_pass(global, root, Some(rules.clone()), &progress);
    let Rules { catalog, pass } = rules.get().as_ref().map_err(|e| anyhow::anyhow!("{e:#}"))?;
    let (engine, report) = indexed?;
    progress.stage("running detectors");
    let snapshot = engine.snapshot();
    let detecting = std::time::Instant::now();
    let analysis = analyze(
        &snapshot,
        &report.local,
        catalog,
        &config,
        only.as_ref(),
        rules.memory(),
    );
    let detected = detecting.elapsed();
    progress.finish();
    if global.verbose > 0 {
        print_timings(&report, &analysis, detected, pass);
    }

    let mut findings = analysis.findings;
    if let Some(changed) = &changed {
        findings.retain(|f| {
            changed.get(&f.file).is_some_and(|lines| {
                lines.is_empty() || (f.line..=f.end_line).any(|l| lines.contains(&l))
            })
        });
    }
    if let Some(path) = &args.write_baseline {
        baseline::write(path, &findings)?;
    }
    let fail_on = threshold(args.fail_on);
    let in_baseline = |f: &Finding| {
        baseline
            .as_ref()
            .is_some_and(|b| b.contains(&f.fingerprint))
    };
    let threshold = fail_on.unwrap_or(Severity::Critical);
    let mut summary = summary::summarise(
        &findings,
        analysis.files,
        analysis.lines,
        threshold,
        &in_baseline,
        analysis.suppressed,
    );
    if fail_on.is_none() {
        summary.failing = 0;
        summary.fail_on = "never";
    }
    let text = render(&args, &findings, &summary, catalog, &config, engine.root())?;
    match &args.output {
        Some(path) => baseline::write_atomic(path, text.as_bytes())
            .with_context(|| format!("{}: cannot write the report", path.display()))?,
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
        }
    }
    let code = if summary.failing > 0 {
        crate::cli::EXIT_FINDINGS
    } else {
        crate::cli::EXIT_OK
    };
    crate::cli::discard_at_exit(engine, (report, snapshot, findings, text));
    Ok(code)
}

/// Starts loading the rule catalog and the local pass beside the engine's walk. Input
/// errors stop the run before any file is read.
fn load_rules(
    root: &Path,
    config: &Config,
    only: Option<&HashSet<String>>,
) -> anyhow::Result<Arc<DeferredPass>> {
    // The catalog is read and made into the local pass while the engine walks the tree.
    let rules = Arc::new(DeferredPass::spawn({
        let (root, config, only) = (root.to_path_buf(), config.clone(), only.cloned());
        move || {
            let catalog = Catalog::load(&root, &config)?;
            check_ids(&config, only.as_ref(), &|id| catalog.get(id).is_some())?;
            let pass = catalog
                .pass_for(&config)
                .map_err(|e| anyhow::anyhow!("detector rules: {e}"))?;
            Ok(Rules { catalog, pass })
        }
    }));
    // Input errors stop the run before any file is read: a repository's own rules (which may
    // be broken) by waiting for the loading, the ids the config and `--only` name by the
    // embedded rules' ids, which the binary knows without reading the rules.
    if Catalog::has_own_rules(root, config) {
        if let Err(err) = rules.get() {
            bail!("{err:#}");
        }
    } else {
        check_ids(config, only, &|id| {
            rule::embedded_ids().any(|known| known == id)
        })?;
    }
    Ok(rules)
}

/// The severity `--fail-on` names (`None`: never fail).
fn threshold(fail_on: FailOn) -> Option<Severity> {
    match fail_on {
        FailOn::Critical => Some(Severity::Critical),
        FailOn::High => Some(Severity::High),
        FailOn::Medium => Some(Severity::Medium),
        FailOn::Low => Some(Severity::Low),
        FailOn::Info => Some(Severity::Info),
        FailOn::Never => None,
    }
}

/// The report in the format asked for.
fn render(
    args: &AnalyzeArgs,
    findings: &[Finding],
    summary: &summary::Summary,
    catalog: &Catalog,
    config: &Config,
    root: &Path,
) -> anyhow::Result<String> {
    Ok(match args.format {
        FindingsFormat::Text => {
            let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
            findings_text::render(
                findings,
                summary,
                to_terminal && std::env::var_os("NO_COLOR").is_none(),
            )
        }
        FindingsFormat::Json => findings_json::render(findings, summary)?,
        FindingsFormat::Markdown => markdown::render(findings, summary),
        FindingsFormat::Sarif => {
            let enabled = catalog.enabled(config);
            let rules: Vec<_> = catalog
                .rules
                .iter()
                .filter(|r| enabled.contains(&r.id))
                .collect();
            sarif::render(findings, &rules, root)?
        }
    })
}

/// `-v`: the time of each stage, graph detector and part of the file-local pass.
fn print_timings(
    report: &crate::engine::Report,
    analysis: &crate::detect::Analysis,
    detected: std::time::Duration,
    pass: &crate::detect::local::Pass,
) {
    let mut stderr = std::io::stderr();
    let stages: Vec<String> = report
        .timings
        .iter()
        .map(|(s, t)| format!("{s} {:.1} ms", t.as_secs_f64() * 1000.0))
        .collect();
    let inner: Vec<String> = analysis
        .stages
        .iter()
        .map(|(s, t)| format!("{s} {:.1}", t.as_secs_f64() * 1000.0))
        .collect();
    let _ = writeln!(
        stderr,
        "time: {}, detectors {:.1} ms ({} ms)",
        stages.join(", "),
        detected.as_secs_f64() * 1000.0,
        inner.join(", ")
    );
    let _ = writeln!(stderr, "graph detectors (wall time each, run in parallel):");
    for (id, took) in &analysis.timings {
        let _ = writeln!(stderr, "  {id}: {:.1} ms", took.as_secs_f64() * 1000.0);
    }
    let mut local = pass.timings();
    local.sort_by_key(|t| std::cmp::Reverse(t.1));
    let _ = writeln!(
        stderr,
        "file-local pass (CPU time summed over threads; files parsed this run only):"
    );
    for (part, took) in &local {
        let _ = writeln!(stderr, "  {part}: {:.1} ms", took.as_secs_f64() * 1000.0);
    }
}

/// Lines changed since `reference` per file (an empty set: the whole file is new).
fn changed_lines(root: &Path, reference: &str) -> anyhow::Result<HashMap<String, HashSet<u32>>> {
    let git = |args: &[&str]| -> anyhow::Result<String> {
        let output = std::process::Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .context("--diff: cannot run git")?;
        if !output.status.success() {
            bail!(
                "--diff {reference}: git {}: {}",
                args.join(" "),
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let prefix = git(&["rev-parse", "--show-prefix"])?.trim().to_string();
    let diff = git(&[
        "diff",
        "--unified=0",
        "--no-color",
        "--relative",
        reference,
        "--",
        ".",
    ])?;
    let mut out: HashMap<String, HashSet<u32>> = HashMap::new();
    let mut current: Option<String> = None;
    for line in diff.lines() {
        if let Some(path) = line.strip_prefix("+++ ") {
            current = path.strip_prefix("b/").map(str::to_string);
        } else if let (Some(hunk), Some(file)) = (line.strip_prefix("@@ "), current.as_ref()) {
            let added = hunk.split(' ').find(|p| p.starts_with('+')).unwrap_or("+0");
            let mut parts = added.trim_start_matches('+').split(',');
            let start: u32 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
            let count: u32 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(1);
            let lines = out.entry(file.clone()).or_default();
            lines.extend(start..start + count);
        }
    }
    for path in git(&["ls-files", "--others", "--exclude-standard"])?.lines() {
        let relative = path.strip_prefix(prefix.as_str()).unwrap_or(path);
        out.insert(relative.to_string(), HashSet::new());
    }
    Ok(out)
}

/// Every detector id the config and `--only` name must be `known`.
fn check_ids(
    config: &Config,
    only: Option<&HashSet<String>>,
    known: &dyn Fn(&str) -> bool,
) -> anyhow::Result<()> {
    config.validate(known)?;
    if let Some(unknown) = only.into_iter().flatten().find(|id| !known(id)) {
        bail!("--only: no detector `{unknown}` (see `repotoire detectors list`)");
    }
    Ok(())
}
