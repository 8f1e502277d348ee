//! From snapshot + file-local results to findings: picks the enabled detectors, runs the
//! graph detectors in parallel, applies severities, thresholds, excludes, suppressions and
//! test-code rules, attributes each finding to its innermost symbol and fingerprints it.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::detect::config::Config;
use crate::detect::finding::{Finding, Severity, Step};
use crate::detect::graph::{self, GraphCtx};
use crate::detect::local::{Hit, LocalResults, Pass, Suppression, is_test_path};
use crate::detect::memory::Memory;
use crate::detect::rule::{self, Engine, Rule, RuleError};
use crate::graph::Snapshot;
use crate::graph::model::NodeKind;
use crate::parse::LocalBytes;
use petgraph::stable_graph::NodeIndex;

/// Every detector known to this run: embedded rules plus the user's.
pub struct Catalog {
    /// Shared with the local pass made from it (`pass`).
    pub rules: Arc<[Rule]>,
}

impl Catalog {
    /// The embedded rules only.
    pub fn builtin() -> Result<Catalog, RuleError> {
        Ok(Catalog {
            rules: rule::embedded()?.into(),
        })
    }

    /// Embedded rules, then `<root>/.repotoire/detectors/` and the config's `rules` folders.
    pub fn load(root: &Path, config: &Config) -> Result<Catalog, RuleError> {
        let mut rules = rule::embedded()?;
        for dir in Catalog::own_rule_dirs(root, config) {
            if dir.is_dir() {
                for user in rule::load_dir(&dir)? {
                    if rules.iter().any(|r| r.id == user.id) {
                        return Err(RuleError::Invalid {
                            path: user.source.clone(),
                            reason: format!("id `{}` is already taken", user.id),
                        });
                    }
                    rules.push(user);
                }
            }
        }
        rules.sort_by(|a, b| a.id.cmp(&b.id));
        for rule in &rules {
            if let Some(unknown) = rule
                .yields_to
                .iter()
                .find(|other| !rules.iter().any(|r| &r.id == *other))
            {
                return Err(RuleError::Invalid {
                    path: rule.source.clone(),
                    reason: format!("`yields_to` names no rule `{unknown}`"),
                });
            }
        }
        Ok(Catalog {
            rules: rules.into(),
        })
    }

    /// Where a repository keeps rules of its own (see `load`).
    fn own_rule_dirs(root: &Path, config: &Config) -> Vec<std::path::PathBuf> {
        let mut dirs = vec![root.join(".repotoire").join("detectors")];
        dirs.extend(config.rules.iter().map(|r| root.join(r)));
        dirs
    }

    /// Whether `load` would read rules of the repository's own besides the embedded ones.
    pub fn has_own_rules(root: &Path, config: &Config) -> bool {
        Catalog::own_rule_dirs(root, config)
            .iter()
            .any(|dir| dir.is_dir())
    }

    pub fn get(&self, id: &str) -> Option<&Rule> {
        self.rules.iter().find(|r| r.id == id)
    }

    pub fn pass(&self) -> Result<Pass, String> {
        Pass::shared(Arc::clone(&self.rules))
    }

    /// The pass a run under `config` uses: no detectors on generated files, whose findings
    /// are not reported, unless the config includes vendored code.
    pub fn pass_for(&self, config: &Config) -> Result<Pass, String> {
        let pass = self.pass()?;
        Ok(if config.include_vendored {
            pass
        } else {
            pass.skipping_generated()
        })
    }

    /// Detectors that run under this config.
    pub fn enabled(&self, config: &Config) -> HashSet<String> {
        self.rules
            .iter()
            .filter(|r| {
                let on = r.enabled || config.detectors.enable.contains(&r.id);
                on && !config.detectors.disable.contains(&r.id)
            })
            .map(|r| r.id.clone())
            .collect()
    }
}

#[derive(Debug, Default)]
pub struct Analysis {
    pub findings: Vec<Finding>,
    /// Time per graph detector (file-local ones run inside parsing).
    pub timings: Vec<(String, Duration)>,
    /// Time per stage of the analysis (decode, digests, graph detectors, assembly).
    pub stages: Vec<(&'static str, Duration)>,
    pub files: usize,
    pub lines: u64,
    /// Findings dropped by suppression comments.
    pub suppressed: usize,
}

/// One graph detector's run: its id, how long it took, what it found.
type Produced = (String, Duration, Vec<(String, Hit)>);

#[expect(
    clippy::too_many_lines,
    reason = "the graph detectors run in parallel, then every hit is filtered, attributed and fingerprinted in order over shared lookups"
)]
pub fn analyze(
    snap: &Snapshot,
    local: &BTreeMap<String, LocalBytes>,
    catalog: &Catalog,
    config: &Config,
    only: Option<&HashSet<String>>,
    memory: &Memory,
) -> Analysis {
    let mut clock = Instant::now();
    let mut stages: Vec<(&'static str, Duration)> = Vec::new();
    let mut lap = |name: &'static str| {
        stages.push((name, clock.elapsed()));
        clock = Instant::now();
    };
    let mut enabled = catalog.enabled(config);
    if let Some(only) = only {
        enabled.retain(|id| only.contains(id));
    }
    let decoded: HashMap<&str, Arc<LocalResults>> = local
        .par_iter()
        .filter_map(|(path, bytes)| memory.decoded(path, bytes).map(|r| (path.as_str(), r)))
        .collect();
    let threshold = |rule: &Rule| config.thresholds.get(&rule.id).copied().or(rule.threshold);

    let mut raw: Vec<(String, Hit)> = Vec::new();
    for (path, results) in &decoded {
        for hit in &results.hits {
            raw.push(((*path).to_string(), hit.clone()));
        }
    }
    lap("decode");
    let ctx = GraphCtx::new(snap, &decoded, config, memory);
    let graph_rules: Vec<&Rule> = catalog
        .rules
        .iter()
        .filter(|r| enabled.contains(&r.id) && matches!(r.engine, Engine::Graph | Engine::Taint))
        .collect();
    let run_rule = |rule: &&Rule, digests: Option<&graph::reuse::Digests>| -> Option<Produced> {
        let run = if rule.engine == Engine::Taint {
            graph::taint::run
        } else {
            graph::find(&rule.id)?
        };
        let started = Instant::now();
        let limit = threshold(rule);
        let digest = digests
            .zip(graph::reuse::reads(&rule.id))
            .map(|(d, reads)| d.key(reads) ^ limit.map_or(0, f64::to_bits));
        // What a detector withdrew goes with its hits: reusing them withdraws it again.
        if let Some((hits, withdrawn)) = digest.and_then(|d| memory.hits(&rule.id, d)) {
            for (path, line) in withdrawn {
                ctx.shared.withdraw(&path, &rule.id, line);
            }
            return Some((rule.id.clone(), started.elapsed(), hits));
        }
        let hits = run(&ctx, rule, limit);
        if let Some(digest) = digest {
            let withdrawn = ctx
                .shared
                .withdrawn()
                .into_iter()
                .filter(|(_, r, _)| *r == rule.id)
                .map(|(path, _, line)| (path, line))
                .collect();
            memory.remember_hits(&rule.id, digest, (hits.clone(), withdrawn));
        }
        Some((rule.id.clone(), started.elapsed(), hits))
    };
    // In a session, the detectors that may reuse their hits wait for the digests of what
    // they read; the others need not, and run meanwhile.
    let (reusable, always): (Vec<&Rule>, Vec<&Rule>) = graph_rules
        .iter()
        .partition(|r| memory.reuses_hits() && graph::reuse::reads(&r.id).is_some());
    let (mut produced, others) = rayon::join(
        || {
            if reusable.is_empty() {
                return Vec::new();
            }
            let digests = graph::reuse::Digests::of(&ctx);
            reusable
                .par_iter()
                .filter_map(|rule| run_rule(rule, Some(&digests)))
                .collect::<Vec<Produced>>()
        },
        || {
            always
                .par_iter()
                .filter_map(|rule| run_rule(rule, None))
                .collect::<Vec<Produced>>()
        },
    );
    produced.extend(others);
    lap("graph detectors");
    let mut analysis = Analysis {
        files: snap.files.len(),
        lines: snap.files.iter().map(|f| u64::from(f.lines)).sum(),
        ..Analysis::default()
    };
    let reexported = graph::reexports::reexported(snap, &decoded);
    if !reexported.is_empty() {
        raw.retain(|(path, hit)| {
            hit.rule != "unused-import"
                || crate::detect::local::unused_import_name(&hit.message).is_none_or(|name| {
                    !reexported.contains(&(path.clone(), hit.line, name.to_string()))
                })
        });
    }
    let withdrawn = ctx.shared.withdrawn();
    if !withdrawn.is_empty() {
        raw.retain(|(path, hit)| {
            withdrawn
                .binary_search_by(|(p, r, l)| {
                    (p.as_str(), r.as_str(), *l).cmp(&(path.as_str(), hit.rule.as_str(), hit.line))
                })
                .is_err()
        });
    }
    for (id, took, hits) in produced {
        analysis.timings.push((id, took));
        raw.extend(hits);
    }
    yield_lines(&mut raw, catalog, &enabled, config);

    let excluded = config.excluded();
    let vendored_folders = crate::detect::vendored::vendored_folders(snap, &decoded);
    let languages: FxHashMap<&str, crate::lang::LangId> = snap
        .files
        .iter()
        .map(|f| (f.path.as_str(), f.language))
        .collect();
    let symbols = SymbolIndex::new(snap);
    let libraries =
        crate::detect::libraries::Libraries::new(snap.files.iter().map(|f| f.path.as_str()));
    let mut findings = Vec::new();
    // Hits come file by file: what depends on the path alone is worked out once per file.
    let mut last_path: Option<(String, bool, bool)> = None;
    for (path, hit) in raw {
        let Some(rule) = catalog.get(&hit.rule) else {
            continue;
        };
        if last_path.as_ref().is_none_or(|(p, _, _)| *p != path) {
            last_path = Some((path.clone(), excluded.is_match(&path), is_test_path(&path)));
        }
        let Some((_, path_excluded, test_path)) = last_path.as_ref() else {
            continue;
        };
        if !enabled.contains(&rule.id) || *path_excluded || (hit.audit && !config.audit) {
            continue;
        }
        if (rule.skip_tests && *test_path) || (rule.only_libraries && !libraries.contains(&path)) {
            continue;
        }
        if let (Some(limit), Some(value)) = (threshold(rule), hit.value)
            && value <= limit
        {
            continue;
        }
        if languages
            .get(path.as_str())
            .is_some_and(|l| !rule.claims(*l))
        {
            continue;
        }
        let results = decoded.get(path.as_str());
        if !config.include_vendored
            && (results.is_some_and(|r| r.generated || r.minified.binary_search(&hit.line).is_ok())
                || crate::detect::vendored::in_folder(&vendored_folders, &path))
        {
            continue;
        }
        // An audit reviews what ships: test code feeds its sinks whatever it likes.
        let in_tests = *test_path || results.is_some_and(|r| r.in_test_code(hit.line));
        if (rule.skip_tests || hit.audit) && in_tests {
            continue;
        }
        if results.is_some_and(|r| suppressed(&r.suppressions, &rule.id, hit.line)) {
            analysis.suppressed += 1;
            continue;
        }
        let severity = config
            .severity
            .get(&rule.id)
            .and_then(|s| Severity::parse(s))
            .or(hit.severity)
            .unwrap_or(rule.severity);
        // A flow in test code (a test server's view, a fixture) is not deployed: shown,
        // but it does not fail a build.
        let severity = if in_tests && rule.engine == Engine::Taint {
            severity.min(Severity::Low)
        } else {
            severity
        };
        let snippet = results
            .and_then(|r| r.lines.iter().find(|(l, _)| *l == hit.line))
            .map(|(_, t)| t.clone());
        findings.push(Finding {
            detector: rule.id.clone(),
            category: rule.category,
            severity,
            title: rule.title.clone(),
            message: hit.message,
            symbol: symbols.innermost(&path, hit.line),
            file: path.clone(),
            line: hit.line,
            end_line: hit.end_line.max(hit.line),
            column: hit.column,
            cwe: rule.cwe.clone(),
            fingerprint: String::new(),
            snippet,
            flow: hit
                .flow
                .into_iter()
                .map(|step| Step {
                    file: step.file.unwrap_or_else(|| path.clone()),
                    line: step.line,
                    note: step.note,
                })
                .collect(),
            audit: hit.audit,
        });
    }
    lap("assemble");
    findings.sort_by(|a, b| {
        (&a.file, a.line, a.column, &a.detector).cmp(&(&b.file, b.line, b.column, &b.detector))
    });
    findings.dedup_by(|a, b| {
        a.file == b.file && a.line == b.line && a.detector == b.detector && a.message == b.message
    });
    crate::detect::baseline::fingerprint_all(&mut findings);
    analysis.findings = findings;
    lap("fingerprint");
    analysis.stages = stages;
    analysis.timings.sort_by_key(|t| std::cmp::Reverse(t.1));
    analysis
}

fn suppressed(suppressions: &[Suppression], id: &str, line: u32) -> bool {
    suppressions.iter().any(|s| {
        let covers = s.file || s.line == line || s.line + 1 == line;
        covers && (s.ids.is_empty() || s.ids.iter().any(|i| i == id))
    })
}

/// Innermost function or class around a line, per file. Holds node indices only: names are
/// copied for the few lines that have a finding.
struct SymbolIndex<'s> {
    snap: &'s Snapshot,
    file_of: FxHashMap<&'s str, usize>,
    by_file: Vec<Vec<(u32, u32, NodeIndex)>>,
}

impl<'s> SymbolIndex<'s> {
    fn new(snap: &'s Snapshot) -> SymbolIndex<'s> {
        let mut by_file: Vec<Vec<(u32, u32, NodeIndex)>> = vec![Vec::new(); snap.files.len()];
        for index in snap.graph.node_indices() {
            let node = &snap.graph[index];
            if matches!(
                node.kind,
                NodeKind::Function | NodeKind::Method | NodeKind::Class
            ) && let Some(symbols) = by_file.get_mut(node.file as usize)
            {
                symbols.push((node.line, node.end_line, index));
            }
        }
        let file_of = snap
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.path.as_str(), i))
            .collect();
        SymbolIndex {
            snap,
            file_of,
            by_file,
        }
    }

    fn innermost(&self, path: &str, line: u32) -> Option<String> {
        self.by_file
            .get(*self.file_of.get(path)?)?
            .iter()
            .filter(|(start, end, _)| *start <= line && line <= *end)
            .min_by_key(|(start, end, _)| end - start)
            .map(|(_, _, index)| self.snap.graph[*index].qualified_name.clone())
    }
}

/// Leaves out a finding where a rule it yields to (`yields_to`) reports the same line at
/// least as severely, in this run (enabled, and an audit finding only when auditing).
fn yield_lines(
    raw: &mut Vec<(String, Hit)>,
    catalog: &Catalog,
    enabled: &HashSet<String>,
    config: &Config,
) {
    let yields: HashMap<&str, &[String]> = catalog
        .rules
        .iter()
        .filter(|r| !r.yields_to.is_empty())
        .map(|r| (r.id.as_str(), r.yields_to.as_slice()))
        .collect();
    if !raw
        .iter()
        .any(|(_, hit)| yields.contains_key(hit.rule.as_str()))
    {
        return;
    }
    // As the finding will say it (see `analyze`).
    let severity = |hit: &Hit| {
        config
            .severity
            .get(&hit.rule)
            .and_then(|s| Severity::parse(s))
            .or(hit.severity)
            .or_else(|| catalog.get(&hit.rule).map(|r| r.severity))
    };
    let gone: Vec<bool> = {
        let mut reported: HashMap<(&str, u32, &str), Option<Severity>> = HashMap::new();
        for (path, hit) in raw.iter() {
            if enabled.contains(&hit.rule) && (config.audit || !hit.audit) {
                let at = reported
                    .entry((path.as_str(), hit.line, hit.rule.as_str()))
                    .or_default();
                *at = (*at).max(severity(hit));
            }
        }
        raw.iter()
            .map(|(path, hit)| {
                yields.get(hit.rule.as_str()).is_some_and(|others| {
                    others.iter().any(|other| {
                        reported
                            .get(&(path.as_str(), hit.line, other.as_str()))
                            .is_some_and(|&s| s >= severity(hit))
                    })
                })
            })
            .collect()
    };
    let mut gone = gone.into_iter();
    raw.retain(|_| !gone.next().unwrap_or(false));
}
