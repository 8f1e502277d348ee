//! Functions that both many others call and that call many others: a change ripples both
//! ways.

use petgraph::visit::EdgeRef;

use crate::detect::graph::{GraphCtx, caller_count, is_callable, node_hit};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;
use crate::graph::model::EdgeKind;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(30.0);
    let snap = ctx.snap;
    let mut out = Vec::new();
    for index in snap.graph.node_indices() {
        let Some(node) = snap.node(index).filter(|n| is_callable(n)) else {
            continue;
        };
        let fan_in = caller_count(snap, index, 0.9);
        if (fan_in as f64) <= limit {
            continue;
        }
        let mut callees: Vec<_> = snap
            .graph
            .edges(index)
            .filter(|e| e.weight().kind == EdgeKind::Calls && e.weight().confidence >= 0.9)
            .map(|e| e.target())
            .collect();
        callees.sort_unstable();
        callees.dedup();
        if callees.len() >= 10 {
            out.push(node_hit(
                ctx,
                rule,
                node,
                format!(
                    "`{}` is a hub: {fan_in} callers (limit {limit}) and {} callees",
                    node.qualified_name,
                    callees.len()
                ),
            ));
        }
    }
    out
}
