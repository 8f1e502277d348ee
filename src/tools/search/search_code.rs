//! `search_code`: BM25 over identifiers, docstrings, comments and paths, fused by
//! reciprocal rank with fuzzy name matching; every hit is a graph node.

use std::collections::HashMap;

use petgraph::stable_graph::NodeIndex;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::graph::docs::Docs;
use crate::tools::lookup::{KindFilter, SymbolRef};
use crate::tools::search::clip;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct SearchCode;

/// Reciprocal-rank fusion constant (Cormack et al.): damps the top ranks' dominance.
const RRF_K: f32 = 60.0;
/// How deep each ranked list is read before fusion.
const DEPTH: usize = 100;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Words or identifiers: `parse http header`, `session cookie`, `getUserId`.
    pub query: String,
    /// Only this kind of node.
    pub kind: Option<KindFilter>,
    /// Most results (default 20).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Hit {
    pub symbol: SymbolRef,
    /// Fused score (higher is better).
    pub score: f32,
    /// Rank in the full-text list and in the name list (1 = best), when it was in them.
    pub text_rank: Option<usize>,
    pub name_rank: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doc: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub hits: Vec<Hit>,
    /// Documents (graph nodes) in the index.
    pub indexed: usize,
}

impl TypedTool for SearchCode {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "search_code";
    const DESCRIPTION: &'static str = "Search the code by meaning words: ranks functions, classes and modules by their names, qualified names, paths, docstrings and comments (BM25), fused with fuzzy name matching. Use when you do not know a symbol's name; results are graph nodes to pass to the other tools.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        if args.query.trim().is_empty() {
            return Err(ToolError::Invalid(
                "query is empty; pass words such as `session cookie` or an identifier".into(),
            ));
        }
        let state = ws.state();
        let snap = &state.snap;
        let index = ws.search(&state);
        // A file and its module are one hit: files only when asked for.
        let admits = |n: NodeIndex| match args.kind {
            Some(k) => k.admits(snap.graph[n].kind),
            None => snap.graph[n].kind != crate::graph::NodeKind::File,
        };
        let text: Vec<NodeIndex> = index
            .search(&args.query, DEPTH * 4)
            .into_iter()
            .map(|(n, _)| n)
            .filter(|&n| admits(n))
            .take(DEPTH)
            .collect();
        // Names are matched as one identifier: `session cookie` → `sessioncookie` misses, so
        // the longest word is tried as well.
        let compact: String = args.query.split_whitespace().collect::<Vec<_>>().join("_");
        let longest = args
            .query
            .split_whitespace()
            .max_by_key(|w| w.len())
            .unwrap_or("");
        let lookup = ws.names(&state);
        let mut names: Vec<NodeIndex> = lookup
            .fuzzy(snap, &compact, args.kind, DEPTH)
            .into_iter()
            .map(|(n, _)| n)
            .filter(|&n| admits(n))
            .collect();
        if longest != compact {
            for (n, _) in lookup.fuzzy(snap, longest, args.kind, DEPTH) {
                if admits(n) && !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        let mut fused: HashMap<NodeIndex, (f32, Option<usize>, Option<usize>)> = HashMap::new();
        for (rank, &n) in text.iter().enumerate() {
            let entry = fused.entry(n).or_default();
            entry.0 += 1.0 / (RRF_K + rank as f32 + 1.0);
            entry.1 = Some(rank + 1);
        }
        for (rank, &n) in names.iter().take(DEPTH).enumerate() {
            let entry = fused.entry(n).or_default();
            entry.0 += 1.0 / (RRF_K + rank as f32 + 1.0);
            entry.2 = Some(rank + 1);
        }
        let mut ranked: Vec<_> = fused.into_iter().collect();
        ranked.sort_by(|a, b| b.1.0.total_cmp(&a.1.0).then(a.0.cmp(&b.0)));
        ranked.truncate(limit(args.limit));
        let mut docs = Docs::new(snap, ws.root());
        let hits: Vec<Hit> = ranked
            .into_iter()
            .map(|(n, (score, text_rank, name_rank))| Hit {
                symbol: SymbolRef::of(snap, n),
                score: (score * 10_000.0).round() / 10_000.0,
                text_rank,
                name_rank,
                doc: docs.first_line(n).map(|d| clip(&d, 100)),
            })
            .collect();
        if hits.is_empty() {
            return Err(ToolError::Invalid(format!(
                "nothing matches `{}`; try other words, or find_symbol for a name",
                args.query
            )));
        }
        let mut out = format!("{} result(s) for `{}`:\n", hits.len(), args.query);
        for hit in &hits {
            out.push_str(&hit.symbol.line());
            if let Some(doc) = &hit.doc {
                out.push_str(&format!(" — {doc}"));
            }
            out.push('\n');
        }
        let top = &hits[0].symbol;
        let next = vec![
            Hint::new(
                "file_outline",
                json!({"file": top.file}),
                "the best hit's file",
            ),
            Hint::new(
                "find_callers",
                json!({"symbol": top.qualified_name}),
                "who uses the best hit",
            ),
        ];
        Ok(Answer {
            data: Output {
                hits,
                indexed: index.documents(),
            },
            text: out,
            next,
        })
    }
}
