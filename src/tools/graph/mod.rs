//! Tools that read the knowledge graph, and the traversals they share.

pub mod communities;
pub mod file_outline;
pub mod find_callees;
pub mod find_callers;
pub mod find_cycles;
pub mod find_symbol;
pub mod graph_stats;
pub mod hotspots;
pub mod impact_of;
pub mod list_importers;
pub mod list_imports;
pub mod trace_path;

use std::collections::{HashMap, VecDeque};

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::EdgeRef;
use schemars::JsonSchema;
use serde::Serialize;

use crate::graph::{EdgeKind, NodeKind, Snapshot};
use crate::tools::lookup::SymbolRef;

/// A call or import site: where in which file.
#[derive(Debug, Clone, Serialize, JsonSchema, PartialEq)]
pub struct Site {
    pub file: String,
    pub line: u32,
}

/// What `traverse` finds per node: the node, its depth, path confidence, the last hop's
/// site lines and the node it came from (beyond depth 1).
pub type Found = (NodeIndex, u32, f32, Vec<u32>, Option<NodeIndex>);

/// A node reached by a traversal: how far, how sure, and through which sites.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Reached {
    pub symbol: SymbolRef,
    /// Hops from the start (1: direct).
    pub depth: u32,
    /// Product of the edge confidences along the path.
    pub confidence: f32,
    /// Call sites of the last hop (in the caller's file).
    pub sites: Vec<Site>,
    /// The node this one was reached from (for depth > 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<String>,
}

/// Breadth-first over `kinds` edges in `direction` from `starts`, up to `depth` hops, each
/// edge at least `min_confidence`. Each node once, at its shallowest depth (best confidence
/// among equals). Starts are not reported.
pub fn traverse(
    snap: &Snapshot,
    starts: &[NodeIndex],
    direction: Direction,
    kinds: &[EdgeKind],
    depth: u32,
    min_confidence: f32,
) -> Vec<Found> {
    let mut seen: HashMap<NodeIndex, usize> = HashMap::new();
    let mut out: Vec<Found> = Vec::new();
    let mut queue: VecDeque<(NodeIndex, u32, f32)> = starts.iter().map(|&s| (s, 0, 1.0)).collect();
    for &s in starts {
        seen.insert(s, usize::MAX);
    }
    while let Some((node, d, confidence)) = queue.pop_front() {
        if d >= depth {
            continue;
        }
        for edge in snap.graph.edges_directed(node, direction) {
            let weight = edge.weight();
            if !kinds.contains(&weight.kind) || weight.confidence < min_confidence {
                continue;
            }
            let other = if direction == Direction::Incoming {
                edge.source()
            } else {
                edge.target()
            };
            let reached = confidence * weight.confidence;
            match seen.get(&other) {
                Some(&usize::MAX) => continue,
                Some(&at) => {
                    let entry = &mut out[at];
                    if entry.1 == d + 1 && reached > entry.2 {
                        entry.2 = reached;
                        entry.3 = weight.lines.clone();
                        entry.4 = (d > 0).then_some(node);
                    }
                }
                None => {
                    seen.insert(other, out.len());
                    out.push((
                        other,
                        d + 1,
                        reached,
                        weight.lines.clone(),
                        (d > 0).then_some(node),
                    ));
                    queue.push_back((other, d + 1, reached));
                }
            }
        }
    }
    out
}

/// `traverse`'s output as `Reached`, sites in `site_file_of`'s file.
pub fn reached(
    snap: &Snapshot,
    found: Vec<Found>,
    caller_side: impl Fn(NodeIndex, Option<NodeIndex>) -> NodeIndex,
) -> Vec<Reached> {
    found
        .into_iter()
        .map(|(node, depth, confidence, lines, via)| {
            let site_node = caller_side(node, via);
            let file = snap
                .node(site_node)
                .map(|n| snap.file_path(n).to_string())
                .unwrap_or_default();
            Reached {
                symbol: SymbolRef::of(snap, node),
                depth,
                confidence: (confidence * 100.0).round() / 100.0,
                sites: lines
                    .into_iter()
                    .map(|line| Site {
                        file: file.clone(),
                        line,
                    })
                    .collect(),
                via: via.map(|v| snap.graph[v].qualified_name.clone()),
            }
        })
        .collect()
}

/// A class stands for its constructors too: calls to `__init__`/`constructor`/`new` are
/// calls to the class.
pub fn with_constructors(snap: &Snapshot, nodes: &[NodeIndex]) -> Vec<NodeIndex> {
    let mut out = nodes.to_vec();
    for &node in nodes {
        if snap.graph[node].kind == NodeKind::Class {
            out.extend(
                snap.graph
                    .edges_directed(node, Direction::Outgoing)
                    .filter(|e| e.weight().kind == EdgeKind::Contains)
                    .map(|e| e.target())
                    .filter(|&m| {
                        matches!(
                            snap.graph[m].name.as_str(),
                            "__init__" | "constructor" | "new" | "__new__"
                        )
                    }),
            );
        }
    }
    out
}

/// Every node a file or module stands for: the file, its module and all they contain.
pub fn with_members(snap: &Snapshot, nodes: &[NodeIndex]) -> Vec<NodeIndex> {
    let mut out = Vec::new();
    let mut stack: Vec<NodeIndex> = nodes.to_vec();
    while let Some(node) = stack.pop() {
        if out.contains(&node) {
            continue;
        }
        out.push(node);
        if matches!(
            snap.graph[node].kind,
            NodeKind::File | NodeKind::Module | NodeKind::Class
        ) {
            stack.extend(
                snap.graph
                    .edges_directed(node, Direction::Outgoing)
                    .filter(|e| e.weight().kind == EdgeKind::Contains)
                    .map(|e| e.target()),
            );
        }
    }
    out
}

/// "1 caller" / "3 callers"
pub fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("1 {word}")
    } else {
        format!("{count} {word}s")
    }
}

pub fn confidence_arg(value: Option<f32>) -> Result<f32, crate::tools::ToolError> {
    let value = value.unwrap_or(0.0);
    if !(0.0..=1.0).contains(&value) {
        return Err(crate::tools::ToolError::Invalid(format!(
            "min_confidence {value} is outside 0..1; edges carry 1.0 (direct), 0.9 (known type), 0.8 (value flow), 0.6 (interface or unique name), 0.3 (one of several)"
        )));
    }
    Ok(value)
}

pub fn depth_arg(
    value: Option<u32>,
    default: u32,
    max: u32,
) -> Result<u32, crate::tools::ToolError> {
    let value = value.unwrap_or(default);
    if value == 0 || value > max {
        return Err(crate::tools::ToolError::Invalid(format!(
            "depth {value} is outside 1..={max}"
        )));
    }
    Ok(value)
}
