//! Methods that call another class's methods far more than their own: the behaviour
//! probably belongs over there.

use std::collections::HashMap;

use petgraph::visit::EdgeRef;

use crate::detect::graph::{GraphCtx, node_hit};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;
use crate::graph::model::{EdgeKind, NodeKind};

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(6.0);
    let snap = ctx.snap;
    let owner = |index| {
        snap.graph
            .edges_directed(index, petgraph::Direction::Incoming)
            .find(|e| e.weight().kind == EdgeKind::Contains)
            .map(|e| e.source())
            .filter(|o| snap.node(*o).is_some_and(|n| n.kind == NodeKind::Class))
    };
    let mut out = Vec::new();
    for index in snap.graph.node_indices() {
        let Some(method) = snap.node(index).filter(|n| n.kind == NodeKind::Method) else { continue };
        let Some(own) = owner(index) else { continue };
        let mut per_class: HashMap<_, usize> = HashMap::new();
        for edge in snap.graph.edges(index) {
            if edge.weight().kind != EdgeKind::Calls || edge.weight().confidence < 0.9 {
                continue;
            }
            if let Some(class) = owner(edge.target()) {
                *per_class.entry(class).or_default() += edge.weight().lines.len().max(1);
            }
        }
        let own_calls = per_class.get(&own).copied().unwrap_or(0);
        let Some((other, count)) = per_class.iter().filter(|(c, _)| **c != own).max_by_key(|(_, n)| **n) else { continue };
        if *count as f64 >= limit && own_calls * 3 < *count {
            let name = snap.node(*other).map_or("?", |n| n.name.as_str());
            out.push(node_hit(ctx, rule, method, format!(
                "`{}` calls `{name}` {count} times and its own class {own_calls} times; consider moving it to `{name}`",
                method.name
            )));
        }
    }
    out
}
