//! A short map of the repository for the system prompt: the files and symbols that matter
//! most by a PageRank over the call graph (call confidence as weight), within a budget.

use std::collections::HashMap;

use petgraph::visit::{EdgeRef, IntoEdgeReferences};

use crate::graph::Snapshot;
use crate::graph::model::{EdgeKind, NodeKind};

const DAMPING: f64 = 0.85;
const ITERATIONS: usize = 30;

/// PageRank of every function, method and class (by node index); callers pass rank to
/// callees in proportion to call confidence.
pub fn rank(snap: &Snapshot) -> HashMap<usize, f64> {
    let symbols: Vec<usize> = snap
        .graph
        .node_indices()
        .filter(|&i| {
            matches!(
                snap.graph[i].kind,
                NodeKind::Function | NodeKind::Method | NodeKind::Class
            )
        })
        .map(|i| i.index())
        .collect();
    if symbols.is_empty() {
        return HashMap::new();
    }
    let position: HashMap<usize, usize> =
        symbols.iter().enumerate().map(|(p, &i)| (i, p)).collect();
    let mut out_edges: Vec<Vec<(usize, f64)>> = vec![Vec::new(); symbols.len()];
    for edge in (&snap.graph).edge_references() {
        if edge.weight().kind != EdgeKind::Calls {
            continue;
        }
        if let (Some(&s), Some(&t)) = (
            position.get(&edge.source().index()),
            position.get(&edge.target().index()),
        ) && s != t
        {
            out_edges[s].push((t, f64::from(edge.weight().confidence).max(0.05)));
        }
    }
    let n = symbols.len() as f64;
    let mut rank = vec![1.0 / n; symbols.len()];
    for _ in 0..ITERATIONS {
        let mut next = vec![(1.0 - DAMPING) / n; symbols.len()];
        let mut dangling = 0.0;
        for (s, edges) in out_edges.iter().enumerate() {
            let total: f64 = edges.iter().map(|(_, w)| w).sum();
            if total == 0.0 {
                dangling += rank[s];
                continue;
            }
            for &(t, w) in edges {
                next[t] += DAMPING * rank[s] * w / total;
            }
        }
        let spread = DAMPING * dangling / n;
        next.iter_mut().for_each(|r| *r += spread);
        rank = next;
    }
    symbols.into_iter().zip(rank).collect()
}

/// A file's summed rank and its symbols with theirs.
#[derive(Default)]
struct FileRank {
    total: f64,
    symbols: Vec<(f64, String)>,
}

/// Lines `path: Symbol, Symbol, …` for the top files by summed rank, within about
/// `budget_tokens` (four characters a token).
pub fn render(snap: &Snapshot, budget_tokens: usize) -> String {
    let ranks = rank(snap);
    let mut by_file: HashMap<u32, FileRank> = HashMap::new();
    for (&index, &r) in &ranks {
        let node = &snap.graph[petgraph::stable_graph::NodeIndex::new(index)];
        let entry = by_file.entry(node.file).or_default();
        entry.total += r;
        // Methods read best with their class: `Class.method`.
        let shown = match node.kind {
            NodeKind::Method => node
                .qualified_name
                .rsplit('.')
                .take(2)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect::<Vec<_>>()
                .join("."),
            _ => node.name.clone(),
        };
        entry.symbols.push((r, shown));
    }
    let mut files: Vec<(u32, FileRank)> = by_file.into_iter().collect();
    files.sort_by(|a, b| b.1.total.total_cmp(&a.1.total).then(a.0.cmp(&b.0)));
    let budget = budget_tokens * 4;
    let mut out = String::new();
    for (file, FileRank { mut symbols, .. }) in files {
        let Some(info) = snap.files.get(file as usize) else {
            continue;
        };
        symbols.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        symbols.dedup_by(|a, b| a.1 == b.1);
        let names: Vec<&str> = symbols.iter().take(8).map(|(_, s)| s.as_str()).collect();
        let line = format!("{}: {}\n", info.path, names.join(", "));
        if out.len() + line.len() > budget {
            break;
        }
        out.push_str(&line);
    }
    out
}
