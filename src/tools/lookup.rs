//! Finding graph nodes from what a caller typed: exact qualified names, file paths, short
//! names, qualified-name suffixes and fuzzy matches — and the error that says what to pass
//! instead when nothing fits.

use std::collections::HashMap;

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::{EdgeRef, NodeIndexable};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::graph::{EdgeKind, NodeKind, Snapshot};
use crate::tools::ToolError;

/// A node as tools show it.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
pub struct SymbolRef {
    pub qualified_name: String,
    pub kind: String,
    pub file: String,
    pub line: u32,
    pub end_line: u32,
}

impl SymbolRef {
    pub fn of(snap: &Snapshot, node: NodeIndex) -> SymbolRef {
        match snap.node(node) {
            Some(n) => SymbolRef {
                qualified_name: n.qualified_name.clone(),
                kind: kind_name(n).to_string(),
                file: snap.file_path(n).to_string(),
                line: n.line,
                end_line: n.end_line,
            },
            None => SymbolRef {
                qualified_name: String::new(),
                kind: String::new(),
                file: String::new(),
                line: 0,
                end_line: 0,
            },
        }
    }

    /// `method flask.app.Flask.route (src/flask/app.py:120)`
    pub fn line(&self) -> String {
        format!(
            "{} {} ({}:{})",
            self.kind, self.qualified_name, self.file, self.line
        )
    }
}

/// The node's kind, with the symbol kind for classes (struct, trait, interface…).
pub fn kind_name(node: &crate::graph::Node) -> &'static str {
    match (node.kind, node.symbol_kind) {
        (NodeKind::Class, Some(kind)) => kind.as_str(),
        (kind, _) => kind.as_str(),
    }
}

/// Kinds a tool argument may filter by.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum KindFilter {
    File,
    Module,
    Class,
    Function,
    Method,
}

impl KindFilter {
    pub fn admits(self, kind: NodeKind) -> bool {
        matches!(
            (self, kind),
            (KindFilter::File, NodeKind::File)
                | (KindFilter::Module, NodeKind::Module)
                | (KindFilter::Class, NodeKind::Class)
                | (KindFilter::Function, NodeKind::Function)
                | (KindFilter::Method, NodeKind::Method)
        )
    }
}

/// Name lookups over one snapshot.
pub struct Index {
    /// Lower-cased short name → nodes.
    by_name: HashMap<String, Vec<NodeIndex>>,
    /// Every symbol node with its lower-cased short and qualified names, for fuzzy search.
    names: Vec<(NodeIndex, String, String)>,
    /// Each short name's bigrams as a 128-bit set, for similarity without allocating.
    grams: Vec<u128>,
    /// The module (or file) holding each node, by node index.
    homes: Vec<NodeIndex>,
}

impl Index {
    pub fn new(snap: &Snapshot) -> Index {
        let mut by_name: HashMap<String, Vec<NodeIndex>> = HashMap::new();
        let mut names = Vec::with_capacity(snap.graph.node_count());
        let mut grams = Vec::with_capacity(snap.graph.node_count());
        for node in snap.graph.node_indices() {
            let n = &snap.graph[node];
            let short = n.name.to_lowercase();
            by_name.entry(short.clone()).or_default().push(node);
            grams.push(gram_set(&short));
            names.push((node, short, n.qualified_name.to_lowercase()));
        }
        Index {
            by_name,
            names,
            grams,
            homes: homes(snap),
        }
    }

    /// The module (or file) a node lives in.
    pub fn home(&self, node: NodeIndex) -> NodeIndex {
        self.homes.get(node.index()).copied().unwrap_or(node)
    }

    /// Nodes `text` names: an exact qualified name or file path, else a unique short name or
    /// qualified-name suffix. Several definitions under one qualified name all count.
    pub fn resolve(&self, snap: &Snapshot, text: &str) -> Result<Vec<NodeIndex>, ToolError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ToolError::Invalid("empty symbol; pass a qualified name such as `pkg.module.Class.method`, a file path, or a name (find_symbol searches)".into()));
        }
        let exact = snap.lookup(text);
        if !exact.is_empty() {
            return Ok(prefer_symbols(snap, exact.to_vec()));
        }
        let lower = text.to_lowercase();
        let mut candidates: Vec<NodeIndex> = self.by_name.get(&lower).cloned().unwrap_or_default();
        if candidates.is_empty() {
            candidates = self
                .names
                .iter()
                .filter(|(_, _, qualified)| ends_with_segment(qualified, &lower))
                .map(|(n, _, _)| *n)
                .collect();
        }
        if candidates.is_empty()
            && let Some(inherited) = self.inherited_member(snap, text)
        {
            return Ok(vec![inherited]);
        }
        let candidates = prefer_symbols(snap, candidates);
        let distinct: std::collections::BTreeSet<&str> = candidates
            .iter()
            .map(|&n| snap.graph[n].qualified_name.as_str())
            .collect();
        match distinct.len() {
            0 => Err(ToolError::Invalid(self.not_found(snap, text))),
            1 => Ok(candidates),
            _ => {
                let listed: Vec<&str> = distinct.iter().take(8).copied().collect();
                let more = distinct.len().saturating_sub(listed.len());
                Err(ToolError::Invalid(format!(
                    "`{text}` names {} symbols: {}{}; pass one qualified name",
                    distinct.len(),
                    listed.join(", "),
                    if more > 0 {
                        format!(" and {more} more")
                    } else {
                        String::new()
                    }
                )))
            }
        }
    }

    /// `pkg.Class.method` where `method` is defined in a base class of `Class`: the base's
    /// method, searched breadth-first up the `inherits` edges.
    fn inherited_member(&self, snap: &Snapshot, text: &str) -> Option<NodeIndex> {
        let cut = text.rfind(['.', ':'])?;
        let (owner, member) = (text[..cut].trim_end_matches(':'), &text[cut + 1..]);
        let classes = self.resolve(snap, owner).ok()?;
        let mut queue: std::collections::VecDeque<NodeIndex> = classes
            .into_iter()
            .filter(|&c| snap.graph[c].kind == NodeKind::Class)
            .collect();
        let mut seen = std::collections::HashSet::new();
        while let Some(class) = queue.pop_front() {
            if !seen.insert(class) {
                continue;
            }
            let found = snap
                .graph
                .edges_directed(class, Direction::Outgoing)
                .find(|e| {
                    e.weight().kind == EdgeKind::Contains && snap.graph[e.target()].name == member
                });
            if let Some(edge) = found {
                return Some(edge.target());
            }
            queue.extend(
                snap.graph
                    .edges_directed(class, Direction::Outgoing)
                    .filter(|e| e.weight().kind == EdgeKind::Inherits)
                    .map(|e| e.target()),
            );
        }
        None
    }

    /// "no symbol `foo`; closest: …"
    pub fn not_found(&self, snap: &Snapshot, text: &str) -> String {
        let closest: Vec<String> = self
            .fuzzy(snap, text, None, 5)
            .into_iter()
            .map(|(n, _)| snap.graph[n].qualified_name.clone())
            .collect();
        if closest.is_empty() {
            format!("no symbol `{text}` in the graph; try search_code with words from it")
        } else {
            format!("no symbol `{text}`; closest: {}", closest.join(", "))
        }
    }

    /// The best fuzzy matches for `query` by short or qualified name, best first.
    pub fn fuzzy(
        &self,
        snap: &Snapshot,
        query: &str,
        kind: Option<KindFilter>,
        limit: usize,
    ) -> Vec<(NodeIndex, f32)> {
        let query = query.trim().to_lowercase();
        if query.is_empty() {
            return Vec::new();
        }
        let grams = gram_set(&query);
        let qualified_too = query.contains(['.', ':', '/']);
        let mut scored: Vec<(NodeIndex, f32)> = self
            .names
            .iter()
            .zip(&self.grams)
            .filter(|((n, _, _), _)| kind.is_none_or(|k| k.admits(snap.graph[*n].kind)))
            .filter_map(|((n, short, qualified), &short_grams)| {
                let by_short = score(&query, grams, short, short_grams);
                let by_qualified = if qualified_too {
                    score(&query, grams, qualified, gram_set(qualified)).map(|s| s * 0.95)
                } else {
                    None
                };
                let best = by_short
                    .into_iter()
                    .chain(by_qualified)
                    .fold(None, |acc: Option<f32>, s| {
                        Some(acc.map_or(s, |a| a.max(s)))
                    })?;
                Some((*n, best))
            })
            .collect();
        // Best score first; among equals the shorter, then the symbol over its file.
        scored.sort_by(|a, b| {
            b.1.total_cmp(&a.1)
                .then_with(|| {
                    snap.graph[a.0]
                        .qualified_name
                        .len()
                        .cmp(&snap.graph[b.0].qualified_name.len())
                })
                .then_with(|| {
                    snap.graph[a.0]
                        .qualified_name
                        .cmp(&snap.graph[b.0].qualified_name)
                })
        });
        scored.dedup_by(|a, b| snap.graph[a.0].qualified_name == snap.graph[b.0].qualified_name);
        scored.truncate(limit);
        scored
    }
}

/// `flask.app.flask.route` ends with the segments `flask.route` (after `.`, `::` or `/`).
fn ends_with_segment(qualified: &str, suffix: &str) -> bool {
    qualified.len() > suffix.len()
        && qualified.ends_with(suffix)
        && matches!(
            qualified.as_bytes()[qualified.len() - suffix.len() - 1],
            b'.' | b':' | b'/'
        )
}

/// Symbols before the file and module nodes that share their name.
fn prefer_symbols(snap: &Snapshot, mut nodes: Vec<NodeIndex>) -> Vec<NodeIndex> {
    let has_symbol = nodes
        .iter()
        .any(|&n| !matches!(snap.graph[n].kind, NodeKind::File));
    if has_symbol {
        nodes.retain(|&n| snap.graph[n].kind != NodeKind::File);
    }
    nodes.sort_unstable();
    nodes.dedup();
    nodes
}

/// The bigrams of `text` hashed into a 128-bit set.
fn gram_set(text: &str) -> u128 {
    text.as_bytes().windows(2).fold(0u128, |set, w| {
        set | 1u128 << ((u32::from(w[0]) * 31 + u32::from(w[1])) % 128)
    })
}

/// How well `candidate` matches `query` (both lower case), in (0, 1]; `None`: not at all.
/// `*_grams` are their `gram_set`s.
pub fn score(
    query: &str,
    query_grams: u128,
    candidate: &str,
    candidate_grams: u128,
) -> Option<f32> {
    if candidate == query {
        return Some(1.0);
    }
    let ratio = query.len() as f32 / candidate.len().max(1) as f32;
    if candidate.starts_with(query) {
        return Some(0.8 + 0.15 * ratio);
    }
    if candidate.contains(query) {
        return Some(0.65 + 0.15 * ratio);
    }
    // A subsequence of a much longer name is mostly chance.
    if query.len() >= 3
        && candidate.len() <= query.len() * 2 + 4
        && is_subsequence(query, candidate)
    {
        return Some(0.35 + 0.25 * ratio);
    }
    if query.len() < 3 || candidate.len() > query.len() * 3 {
        return None;
    }
    let shared = (query_grams & candidate_grams).count_ones();
    let dice = 2.0 * shared as f32
        / (query_grams.count_ones() + candidate_grams.count_ones()).max(1) as f32;
    (dice >= 0.5).then_some(dice * 0.6)
}

fn is_subsequence(query: &str, candidate: &str) -> bool {
    let mut rest = candidate.bytes();
    query.bytes().all(|q| rest.any(|c| c == q))
}

/// Every node's module, top-down from each module along `contains` edges (one pass;
/// walking up from each node would scan the incoming edges of every much-called function).
fn homes(snap: &Snapshot) -> Vec<NodeIndex> {
    let mut homes: Vec<NodeIndex> = (0..snap.graph.node_bound()).map(NodeIndex::new).collect();
    for module in snap
        .graph
        .node_indices()
        .filter(|&n| snap.graph[n].kind == NodeKind::Module)
    {
        let mut stack = vec![module];
        while let Some(at) = stack.pop() {
            for edge in snap
                .graph
                .edges_directed(at, Direction::Outgoing)
                .filter(|e| e.weight().kind == EdgeKind::Contains)
            {
                let child = edge.target();
                if snap.graph[child].kind != NodeKind::Module {
                    homes[child.index()] = module;
                    stack.push(child);
                }
            }
        }
    }
    homes
}

/// The module (or file) a node lives in: up the `contains` edges.
pub fn home_module(snap: &Snapshot, mut node: NodeIndex) -> NodeIndex {
    for _ in 0..64 {
        if matches!(snap.graph[node].kind, NodeKind::Module | NodeKind::File) {
            return node;
        }
        match snap
            .graph
            .edges_directed(node, Direction::Incoming)
            .find(|e| e.weight().kind == EdgeKind::Contains)
        {
            Some(edge) => node = edge.source(),
            None => return node,
        }
    }
    node
}

/// The module node of a file node (its only `contains` child of kind module).
pub fn module_of_file(snap: &Snapshot, file: NodeIndex) -> Option<NodeIndex> {
    snap.graph
        .edges_directed(file, Direction::Outgoing)
        .filter(|e| e.weight().kind == EdgeKind::Contains)
        .map(|e| e.target())
        .find(|&t| snap.graph[t].kind == NodeKind::Module)
}
