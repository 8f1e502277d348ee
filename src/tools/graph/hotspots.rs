//! `hotspots`: functions where complexity meets many callers (and, in a git repository,
//! frequent change) — where a bug costs most and is likeliest.

use std::collections::HashSet;

use petgraph::Direction;
use petgraph::visit::EdgeRef;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::{EdgeKind, NodeKind};
use crate::tools::lookup::SymbolRef;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct Hotspots;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Only functions in files under this path.
    pub under: Option<String>,
    /// Most hotspots listed (default 20).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Hotspot {
    pub symbol: SymbolRef,
    pub complexity: u32,
    /// Distinct callers in the project.
    pub fan_in: usize,
    /// Commits touching its file in the last year (absent outside git).
    pub churn: Option<u32>,
    /// complexity × (1 + fan_in) × (1 + churn), churn counted as 0 outside git.
    pub score: f64,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub hotspots: Vec<Hotspot>,
    /// Whether churn from `git log` is part of the score.
    pub churn_used: bool,
}

impl TypedTool for Hotspots {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "hotspots";
    const DESCRIPTION: &'static str = "Functions ranked by complexity × fan-in (× churn from git log over the last year when the repository is a git repository): the riskiest code to change and the best to test or refactor first.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let prefix = args
            .under
            .as_deref()
            .map(|p| ws.confine(p))
            .transpose()?
            .unwrap_or_default();
        let state = ws.state();
        let snap = &state.snap;
        let churn = ws.churn(&state);
        let mut hotspots: Vec<Hotspot> = snap
            .graph
            .node_indices()
            .filter_map(|node| {
                let n = &snap.graph[node];
                if !matches!(n.kind, NodeKind::Function | NodeKind::Method) {
                    return None;
                }
                let path = snap.file_path(n);
                if !crate::tools::is_under(path, &prefix) {
                    return None;
                }
                let complexity = n.metrics?.complexity;
                let callers: HashSet<_> = snap
                    .graph
                    .edges_directed(node, Direction::Incoming)
                    .filter(|e| e.weight().kind == EdgeKind::Calls)
                    .map(|e| e.source())
                    .collect();
                let commits = churn.map(|c| c.get(path).copied().unwrap_or(0));
                let score = f64::from(complexity)
                    * (1.0 + callers.len() as f64)
                    * (1.0 + f64::from(commits.unwrap_or(0)));
                Some(Hotspot {
                    symbol: SymbolRef::of(snap, node),
                    complexity,
                    fan_in: callers.len(),
                    churn: commits,
                    score,
                })
            })
            .collect();
        hotspots.sort_by(|a, b| {
            b.score
                .total_cmp(&a.score)
                .then(a.symbol.qualified_name.cmp(&b.symbol.qualified_name))
        });
        hotspots.truncate(limit(args.limit));
        let churn_used = churn.is_some();
        let mut text = format!(
            "Top {} hotspots (complexity × (1 + callers){}):\n",
            hotspots.len(),
            if churn_used {
                " × (1 + commits in the last year)"
            } else {
                "; not a git repository, so no churn"
            }
        );
        for h in &hotspots {
            text.push_str(&format!(
                "  {:>8.0}  {} ({}:{}) cc={} callers={}{}\n",
                h.score,
                h.symbol.qualified_name,
                h.symbol.file,
                h.symbol.line,
                h.complexity,
                h.fan_in,
                h.churn.map(|c| format!(" commits={c}")).unwrap_or_default()
            ));
        }
        let mut next = Vec::new();
        if let Some(top) = hotspots.first() {
            next.push(Hint::new(
                "impact_of",
                json!({"symbol": top.symbol.qualified_name}),
                "what depends on the top hotspot",
            ));
            next.push(Hint::new(
                "list_findings",
                json!({"file": top.symbol.file}),
                "findings in its file",
            ));
        }
        Ok(Answer {
            data: Output {
                hotspots,
                churn_used,
            },
            text,
            next,
        })
    }
}
