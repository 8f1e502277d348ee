//! `graph export --format dot`: modules and their imports/calls, or functions and calls.

use std::collections::BTreeMap;
use std::io::Write;

use petgraph::stable_graph::NodeIndex;
use petgraph::visit::{EdgeRef, IntoEdgeReferences};

use crate::graph::{EdgeKind, NodeKind, Snapshot};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Module,
    Function,
}

fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The module a node belongs to (itself, for modules).
fn module_of(snap: &Snapshot, mut index: NodeIndex) -> Option<NodeIndex> {
    for _ in 0..64 {
        let node = snap.node(index)?;
        if node.kind == NodeKind::Module {
            return Some(index);
        }
        index = snap
            .graph
            .edges_directed(index, petgraph::Direction::Incoming)
            .find(|e| e.weight().kind == EdgeKind::Contains)?
            .source();
    }
    None
}

pub fn write(snap: &Snapshot, level: Level, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "digraph repotoire {{")?;
    writeln!(
        out,
        "  rankdir=LR;\n  node [shape=box, fontname=\"monospace\", fontsize=10];"
    )?;
    match level {
        Level::Module => {
            let mut edges: BTreeMap<(usize, usize, EdgeKind), usize> = BTreeMap::new();
            for index in snap.graph.node_indices() {
                if snap.node(index).is_some_and(|n| n.kind == NodeKind::Module) {
                    writeln!(
                        out,
                        "  n{} [label={}];",
                        index.index(),
                        quote(&snap.graph[index].qualified_name)
                    )?;
                }
            }
            for edge in (&snap.graph).edge_references() {
                let kind = edge.weight().kind;
                if !matches!(kind, EdgeKind::Imports | EdgeKind::Calls) {
                    continue;
                }
                let (Some(from), Some(to)) = (
                    module_of(snap, edge.source()),
                    module_of(snap, edge.target()),
                ) else {
                    continue;
                };
                if from != to {
                    *edges.entry((from.index(), to.index(), kind)).or_default() += 1;
                }
            }
            for ((from, to, kind), count) in edges {
                let style = if kind == EdgeKind::Calls {
                    "dashed"
                } else {
                    "solid"
                };
                writeln!(
                    out,
                    "  n{from} -> n{to} [style={style}, label=\"{} {count}\"];",
                    kind.as_str()
                )?;
            }
        }
        Level::Function => {
            for index in snap.graph.node_indices() {
                if snap
                    .node(index)
                    .is_some_and(|n| matches!(n.kind, NodeKind::Function | NodeKind::Method))
                {
                    writeln!(
                        out,
                        "  n{} [label={}];",
                        index.index(),
                        quote(&snap.graph[index].qualified_name)
                    )?;
                }
            }
            for edge in (&snap.graph).edge_references() {
                if edge.weight().kind != EdgeKind::Calls {
                    continue;
                }
                let callable = |i: NodeIndex| {
                    snap.node(i)
                        .is_some_and(|n| matches!(n.kind, NodeKind::Function | NodeKind::Method))
                };
                if callable(edge.source()) && callable(edge.target()) {
                    writeln!(
                        out,
                        "  n{} -> n{} [label=\"{:.1}\"];",
                        edge.source().index(),
                        edge.target().index(),
                        edge.weight().confidence
                    )?;
                }
            }
        }
    }
    writeln!(out, "}}")
}
