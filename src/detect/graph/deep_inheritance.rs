//! Class hierarchies deeper than a reader can hold in mind (project classes only). Only
//! inheritance of implementation counts: interfaces and traits compose types, and a long
//! chain of them hides no behaviour.

use std::collections::HashMap;

use petgraph::stable_graph::NodeIndex;
use petgraph::visit::EdgeRef;

use crate::detect::graph::{GraphCtx, node_hit};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;
use crate::graph::Snapshot;
use crate::graph::model::{EdgeKind, NodeKind};
use crate::parse::SymbolKind;

fn depth(snap: &Snapshot, node: NodeIndex, memo: &mut HashMap<NodeIndex, u32>, guard: u32) -> u32 {
    if let Some(d) = memo.get(&node) {
        return *d;
    }
    if guard > 64 {
        return 0;
    }
    let bases: Vec<NodeIndex> = snap
        .graph
        .edges(node)
        .filter(|e| e.weight().kind == EdgeKind::Inherits && !is_type_only(snap, e.target()))
        .map(|e| e.target())
        .collect();
    let d = bases
        .into_iter()
        .map(|b| 1 + depth(snap, b, memo, guard + 1))
        .max()
        .unwrap_or(0);
    memo.insert(node, d);
    d
}

/// An interface, trait or type alias: a type with no behaviour of its own to inherit.
fn is_type_only(snap: &Snapshot, node: NodeIndex) -> bool {
    snap.node(node).is_some_and(|n| {
        matches!(
            n.symbol_kind,
            Some(SymbolKind::Interface | SymbolKind::Trait | SymbolKind::TypeAlias)
        )
    })
}

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(5.0);
    let snap = ctx.snap;
    let mut memo = HashMap::new();
    let mut out = Vec::new();
    for index in snap.graph.node_indices() {
        let Some(node) = snap
            .node(index)
            .filter(|n| n.kind == NodeKind::Class && !is_type_only(snap, index))
        else {
            continue;
        };
        let d = depth(snap, index, &mut memo, 0);
        if f64::from(d) > limit {
            out.push(node_hit(
                ctx,
                rule,
                node,
                format!(
                    "`{}` sits {d} levels deep in its class hierarchy (limit {limit})",
                    node.name
                ),
            ));
        }
    }
    out
}
