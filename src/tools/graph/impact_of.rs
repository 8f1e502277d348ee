//! `impact_of`: the blast radius of changing a symbol or file — who depends on it directly,
//! indirectly and transitively, and a risk label.

use std::collections::BTreeSet;

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::EdgeRef;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::detect::local::is_test_path;
use crate::graph::{EdgeKind, NodeKind, Snapshot};
use crate::tools::graph::{confidence_arg, depth_arg, plural, with_constructors, with_members};
use crate::tools::lookup::SymbolRef;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct ImpactOf;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Qualified name of a symbol or module, or a file path.
    pub symbol: String,
    /// Hops to follow (1–6, default 3).
    pub depth: Option<u32>,
    /// Ignore call edges below this confidence (default 0.5: drops guesses among several).
    pub min_confidence: Option<f32>,
    /// Most symbols listed per tier (default 20).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Impacted {
    pub symbol: SymbolRef,
    /// How it depends: calls, imports or inherits.
    pub relation: String,
    pub confidence: f32,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub target: Vec<SymbolRef>,
    /// Depth 1.
    pub direct: Vec<Impacted>,
    /// Depth 2.
    pub indirect: Vec<Impacted>,
    /// Depth 3 and beyond.
    pub transitive: Vec<Impacted>,
    /// Counts before `limit`: symbols per tier, all symbols, files, test files.
    pub direct_count: usize,
    pub indirect_count: usize,
    pub transitive_count: usize,
    pub symbols: usize,
    pub files: usize,
    pub test_files: usize,
    /// low, medium, high or critical.
    pub risk: String,
    pub risk_reason: String,
}

impl TypedTool for ImpactOf {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "impact_of";
    const DESCRIPTION: &'static str = "What breaks if a symbol or file changes: its dependents over calls, imports and inheritance, tiered direct / indirect / transitive, with symbol, file and test-file counts and a risk label. Use before editing anything shared.";

    #[expect(
        clippy::too_many_lines,
        reason = "the walk over callers, subclasses and importers fills its tiers from one frontier"
    )]
    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let depth = depth_arg(args.depth, 3, 6)?;
        let min = confidence_arg(Some(args.min_confidence.unwrap_or(0.5)))?;
        let state = ws.state();
        let snap = &state.snap;
        let text_arg = args.symbol.trim();
        let targets = match ws.names(&state).resolve(snap, text_arg) {
            Ok(found) => found,
            // A path given with `./` or an absolute path inside the root.
            Err(err) => match ws
                .confine(text_arg)
                .ok()
                .map(|p| snap.lookup(&p).to_vec())
                .filter(|f| !f.is_empty())
            {
                Some(found) => found,
                None => return Err(err),
            },
        };
        let starts = with_constructors(snap, &with_members(snap, &targets));
        let shown = limit(args.limit);
        let found = blast(snap, &starts, depth, min);

        let mut tiers: [Vec<Impacted>; 3] = [Vec::new(), Vec::new(), Vec::new()];
        let mut files = BTreeSet::new();
        let mut test_files = BTreeSet::new();
        for (node, d, relation, confidence) in &found {
            let symbol = SymbolRef::of(snap, *node);
            files.insert(symbol.file.clone());
            if is_test_path(&symbol.file) {
                test_files.insert(symbol.file.clone());
            }
            let tier = (*d as usize).clamp(1, 3) - 1;
            tiers[tier].push(Impacted {
                symbol,
                relation: relation.as_str().to_string(),
                confidence: (confidence * 100.0).round() / 100.0,
            });
        }
        let counts = [tiers[0].len(), tiers[1].len(), tiers[2].len()];
        for tier in &mut tiers {
            tier.sort_by(|a, b| {
                b.confidence
                    .total_cmp(&a.confidence)
                    .then(a.symbol.qualified_name.cmp(&b.symbol.qualified_name))
            });
            tier.truncate(shown);
        }
        let symbols = found.len();
        let (risk, risk_reason) = risk(symbols, files.len(), counts[0]);
        let target: Vec<SymbolRef> = targets.iter().map(|&t| SymbolRef::of(snap, t)).collect();
        let name = target
            .first()
            .map(|t| t.qualified_name.clone())
            .unwrap_or_default();

        let mut text = format!(
            "Impact of changing {}: risk {risk} ({risk_reason})\n{} in {} ({} of them tests); depth {depth}, edges ≥ {min:.1} confidence\n",
            target
                .iter()
                .map(SymbolRef::line)
                .collect::<Vec<_>>()
                .join(", "),
            plural(symbols, "dependent symbol"),
            plural(files.len(), "file"),
            test_files.len(),
        );
        let [direct, indirect, transitive] = tiers;
        for (label, tier, count) in [
            ("direct", &direct, counts[0]),
            ("indirect", &indirect, counts[1]),
            ("transitive", &transitive, counts[2]),
        ] {
            if count == 0 {
                continue;
            }
            text.push_str(&format!("{label} ({count}):\n"));
            // One line per file: its dependents by local name, edge kind and confidence only
            // where they are not a sure call.
            let mut by_file: std::collections::BTreeMap<&str, Vec<String>> =
                std::collections::BTreeMap::new();
            for item in tier {
                let local = local_name(
                    &item.symbol.qualified_name,
                    &item.symbol.file,
                    &item.symbol.kind,
                );
                let mut label = format!("{local}:{}", item.symbol.line);
                if item.relation != "calls" {
                    label.push_str(&format!(" ({})", item.relation));
                }
                if item.confidence < 0.9 {
                    label.push_str(&format!(" c{:.1}", item.confidence));
                }
                by_file
                    .entry(item.symbol.file.as_str())
                    .or_default()
                    .push(label);
            }
            for (file, labels) in by_file {
                text.push_str(&format!("  {file}: {}\n", labels.join(", ")));
            }
            if count > tier.len() {
                text.push_str(&format!("  … {} more\n", count - tier.len()));
            }
        }
        if symbols == 0 {
            text.push_str("Nothing in the project depends on it (dynamic uses — reflection, string dispatch, callbacks registered elsewhere — are not in the graph).\n");
        }
        let whole_module = target
            .first()
            .is_some_and(|t| t.kind == "file" || t.kind == "module");
        let mut next = vec![if whole_module {
            Hint::new(
                "list_importers",
                json!({"target": name}),
                "who imports it, line by line",
            )
        } else {
            Hint::new(
                "find_callers",
                json!({"symbol": name, "depth": 2}),
                "the call sites behind the direct tier",
            )
        }];
        if let Some(test) = test_files.iter().next() {
            next.push(Hint::new(
                "file_outline",
                json!({"file": test}),
                "a test that exercises it",
            ));
        }
        next.push(Hint::new(
            "list_findings",
            json!({"file": target.first().map(|t| t.file.clone()).unwrap_or_default()}),
            "known problems in its file",
        ));
        let output = Output {
            target,
            direct,
            indirect,
            transitive,
            direct_count: counts[0],
            indirect_count: counts[1],
            transitive_count: counts[2],
            symbols,
            files: files.len(),
            test_files: test_files.len(),
            risk: risk.to_string(),
            risk_reason,
        };
        Ok(Answer {
            data: output,
            text,
            next,
        })
    }
}

/// Reverse breadth-first search: callers (calls ≥ `min`), subclasses (inherits) and importers.
/// An importing module is reported but not followed further unless a module was the start:
/// its functions that use the symbol are found through their calls.
fn blast(
    snap: &Snapshot,
    starts: &[NodeIndex],
    depth: u32,
    min: f32,
) -> Vec<(NodeIndex, u32, EdgeKind, f32)> {
    let mut seen: std::collections::HashSet<NodeIndex> = starts.iter().copied().collect();
    let mut out = Vec::new();
    let mut frontier: Vec<(NodeIndex, f32)> = starts.iter().map(|&s| (s, 1.0)).collect();
    let follow_imports_from = |n: NodeIndex, d: u32| {
        d == 0 || matches!(snap.graph[n].kind, NodeKind::Module | NodeKind::File) && d < depth
    };
    for d in 0..depth {
        let mut next = Vec::new();
        for &(node, confidence) in &frontier {
            if d > 0
                && matches!(snap.graph[node].kind, NodeKind::Module)
                && !starts
                    .iter()
                    .any(|s| snap.graph[*s].kind == NodeKind::Module)
            {
                continue;
            }
            for edge in snap.graph.edges_directed(node, Direction::Incoming) {
                let weight = edge.weight();
                let admitted = match weight.kind {
                    EdgeKind::Calls => weight.confidence >= min,
                    EdgeKind::Inherits => true,
                    EdgeKind::Imports => follow_imports_from(node, d),
                    EdgeKind::Contains => false,
                };
                if !admitted || !seen.insert(edge.source()) {
                    continue;
                }
                let reached = confidence * weight.confidence;
                out.push((edge.source(), d + 1, weight.kind, reached));
                next.push((edge.source(), reached));
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    out
}

fn risk(symbols: usize, files: usize, direct: usize) -> (&'static str, String) {
    let label = match (symbols, files) {
        (0, _) => "low",
        (s, f) if s <= 5 && f <= 2 => "low",
        (s, f) if s <= 25 && f <= 8 => "medium",
        (s, f) if s <= 100 && f <= 30 => "high",
        _ => "critical",
    };
    (
        label,
        format!(
            "{direct} direct, {symbols} in all across {files}",
            files = plural(files, "file")
        ),
    )
}

/// A symbol's name inside its file: the qualified name without the module part (`Class.m`),
/// or `<module>` for the module itself.
fn local_name(qualified: &str, file: &str, kind: &str) -> String {
    if kind == "module" || kind == "file" {
        return "<module>".into();
    }
    // The module part is as many leading segments as the file path has (minus `__init__`).
    let stem = file
        .rsplit_once('.')
        .map_or(file, |(stem, _)| stem)
        .trim_end_matches("/__init__")
        .trim_end_matches("/mod");
    let depth = stem.split('/').count();
    let parts: Vec<&str> = qualified
        .split(['.', ':'])
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() > depth {
        parts[depth..].join(".")
    } else {
        parts.last().copied().unwrap_or(qualified).to_string()
    }
}
