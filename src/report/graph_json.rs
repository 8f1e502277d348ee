//! `graph export --format json`: DESIGN.md's node and edge shape.

use std::io::Write;

use serde::Serialize;

use crate::graph::Snapshot;

#[derive(Serialize)]
struct WireNode<'a> {
    id: usize,
    kind: &'static str,
    name: &'a str,
    qualified_name: &'a str,
    file: &'a str,
    line: u32,
    end_line: u32,
}

#[derive(Serialize)]
struct WireEdge {
    source: usize,
    target: usize,
    kind: &'static str,
    confidence: f32,
}

#[derive(Serialize)]
struct WireGraph<'a> {
    nodes: Vec<WireNode<'a>>,
    edges: Vec<WireEdge>,
}

pub fn write(snap: &Snapshot, out: &mut impl Write) -> std::io::Result<()> {
    let nodes = snap
        .graph
        .node_indices()
        .filter_map(|index| {
            let node = snap.node(index)?;
            Some(WireNode {
                id: index.index(),
                kind: node.kind.as_str(),
                name: &node.name,
                qualified_name: &node.qualified_name,
                file: snap.file_path(node),
                line: node.line,
                end_line: node.end_line,
            })
        })
        .collect();
    let edges = snap
        .graph
        .edge_indices()
        .filter_map(|index| {
            let (source, target) = snap.graph.edge_endpoints(index)?;
            let edge = snap.graph.edge_weight(index)?;
            Some(WireEdge {
                source: source.index(),
                target: target.index(),
                kind: edge.kind.as_str(),
                confidence: edge.confidence,
            })
        })
        .collect();
    serde_json::to_writer(&mut *out, &WireGraph { nodes, edges })?;
    writeln!(out)
}
