//! `graph_stats`: what the graph holds and how well it resolved.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::{EdgeKind, NodeKind};
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace};

pub struct GraphStats;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub files_by_language: BTreeMap<String, usize>,
    pub nodes_by_kind: BTreeMap<String, usize>,
    pub edges_by_kind: BTreeMap<String, usize>,
    pub call_sites: usize,
    pub calls_resolved: usize,
    pub calls_ambiguous: usize,
    pub calls_unresolved: usize,
    pub imports: usize,
    pub imports_resolved: usize,
    pub imports_external: usize,
    pub files_skipped: usize,
    pub files_with_syntax_errors: usize,
}

impl TypedTool for GraphStats {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "graph_stats";
    const DESCRIPTION: &'static str = "Size of the repository's graph: files by language, nodes and edges by kind, how many calls and imports resolved, files skipped.";

    fn run(
        &self,
        ws: &Workspace,
        _args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let state = ws.state();
        let snap = &state.snap;
        let mut files_by_language: BTreeMap<String, usize> = BTreeMap::new();
        for file in &snap.files {
            *files_by_language
                .entry(file.language.name().to_string())
                .or_default() += 1;
        }
        let mut nodes_by_kind: BTreeMap<String, usize> = NodeKind::ALL
            .iter()
            .map(|k| (k.as_str().to_string(), 0))
            .collect();
        for node in snap.graph.node_weights() {
            *nodes_by_kind
                .entry(node.kind.as_str().to_string())
                .or_default() += 1;
        }
        let mut edges_by_kind: BTreeMap<String, usize> = EdgeKind::ALL
            .iter()
            .map(|k| (k.as_str().to_string(), 0))
            .collect();
        for edge in snap.graph.edge_weights() {
            *edges_by_kind
                .entry(edge.kind.as_str().to_string())
                .or_default() += 1;
        }
        let s = &snap.stats;
        let output = Output {
            files_by_language,
            nodes_by_kind,
            edges_by_kind,
            call_sites: s.calls,
            calls_resolved: s.calls_resolved,
            calls_ambiguous: s.calls_ambiguous,
            calls_unresolved: s.calls_unresolved,
            imports: s.imports,
            imports_resolved: s.imports_resolved,
            imports_external: s.imports_external,
            files_skipped: state.report.skipped.len(),
            files_with_syntax_errors: snap
                .files
                .iter()
                .filter(|f| !f.diagnostics.is_empty())
                .count(),
        };
        let share = |part: usize, whole: usize| {
            if whole == 0 {
                0.0
            } else {
                100.0 * part as f64 / whole as f64
            }
        };
        let join = |map: &BTreeMap<String, usize>| {
            map.iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = format!(
            "files: {}\nnodes: {}\nedges: {}\ncalls: {} sites, {:.0}% resolved, {:.0}% ambiguous, {:.0}% unresolved (libraries, builtins, dynamic)\nimports: {} , {:.0}% to project modules, {:.0}% external\nskipped files: {}; files with syntax errors: {}\n",
            join(&output.files_by_language),
            join(&output.nodes_by_kind),
            join(&output.edges_by_kind),
            s.calls,
            share(s.calls_resolved, s.calls),
            share(s.calls_ambiguous, s.calls),
            share(s.calls_unresolved, s.calls),
            s.imports,
            share(s.imports_resolved, s.imports),
            share(s.imports_external, s.imports),
            output.files_skipped,
            output.files_with_syntax_errors,
        );
        let next = vec![
            Hint::new("hotspots", json!({}), "where complexity meets many callers"),
            Hint::new("communities", json!({}), "how the modules cluster"),
            Hint::new(
                "list_findings",
                json!({"severity": "high"}),
                "the worst findings",
            ),
        ];
        Ok(Answer {
            data: output,
            text,
            next,
        })
    }
}
