//! `graph export --format json`: DESIGN.md's node and edge shape. What calls reach outside
//! the project follows the project's nodes as nodes of kind `builtin` or `external`, with
//! no file (`null`) and line 0, numbered after the project's.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use crate::graph::{OutsideKind, Snapshot};

#[derive(Serialize)]
struct WireNode<'a> {
    id: usize,
    kind: &'static str,
    name: &'a str,
    qualified_name: &'a str,
    file: Option<&'a str>,
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
    let mut nodes: Vec<WireNode<'_>> = snap
        .graph
        .node_indices()
        .filter_map(|index| {
            let node = snap.node(index)?;
            Some(WireNode {
                id: index.index(),
                kind: node.kind.as_str(),
                name: &node.name,
                qualified_name: &node.qualified_name,
                file: Some(snap.file_path(node)),
                line: node.line,
                end_line: node.end_line,
            })
        })
        .collect();
    let mut edges: Vec<WireEdge> = snap
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
    add_outside(snap, &mut nodes, &mut edges);
    serde_json::to_writer(&mut *out, &WireGraph { nodes, edges })?;
    writeln!(out)
}

/// One node per builtin or library function some call reaches, one edge per caller and
/// callee (the most confident of its calls).
fn add_outside<'a>(snap: &'a Snapshot, nodes: &mut Vec<WireNode<'a>>, edges: &mut Vec<WireEdge>) {
    let first = snap
        .graph
        .node_indices()
        .map(|i| i.index() + 1)
        .max()
        .unwrap_or(0);
    let mut ids: BTreeMap<(OutsideKind, &str), usize> = BTreeMap::new();
    let mut calls: BTreeMap<(usize, usize), f32> = BTreeMap::new();
    for call in snap.unresolved_calls().iter() {
        let Some(outside) = &call.outside else {
            continue;
        };
        let next = first + ids.len();
        let id = *ids
            .entry((outside.kind, outside.qualified_name.as_str()))
            .or_insert(next);
        let confidence = calls.entry((call.caller as usize, id)).or_insert(0.0);
        *confidence = confidence.max(outside.confidence);
    }
    let mut outside: Vec<_> = ids.into_iter().collect();
    outside.sort_by_key(|&(_, id)| id);
    for ((kind, qualified_name), id) in outside {
        let sep = if qualified_name.contains("::") {
            "::"
        } else {
            "."
        };
        nodes.push(WireNode {
            id,
            kind: kind.as_str(),
            name: qualified_name.rsplit(sep).next().unwrap_or(qualified_name),
            qualified_name,
            file: None,
            line: 0,
            end_line: 0,
        });
    }
    for ((source, target), confidence) in calls {
        edges.push(WireEdge {
            source,
            target,
            kind: "calls",
            confidence,
        });
    }
}
