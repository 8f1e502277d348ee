//! Classes that do too much: many methods and much code.

use petgraph::visit::EdgeRef;

use crate::detect::graph::{GraphCtx, node_hit};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;
use crate::graph::model::{EdgeKind, NodeKind};

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(30.0);
    let snap = ctx.snap;
    let mut out = Vec::new();
    for index in snap.graph.node_indices() {
        let Some(class) = snap.node(index) else {
            continue;
        };
        if class.kind != NodeKind::Class {
            continue;
        }
        let methods: Vec<_> = snap
            .graph
            .edges(index)
            .filter(|e| e.weight().kind == EdgeKind::Contains)
            .filter_map(|e| snap.node(e.target()))
            .filter(|n| n.kind == NodeKind::Method)
            .collect();
        let complexity: u32 = methods
            .iter()
            .filter_map(|m| m.metrics)
            .map(|m| m.complexity)
            .sum();
        let lines = class.end_line.saturating_sub(class.line) + 1;
        // Many one-line methods (a vector type's arithmetic, accessors) make an API, not
        // a class that does too much.
        let branching = f64::from(complexity) >= 2.0 * methods.len() as f64;
        if methods.len() as f64 > limit && lines > 500 && branching {
            out.push(node_hit(ctx, rule, class, format!(
                "`{}` has {} methods (limit {limit}), {lines} lines and total complexity {complexity}; split it by responsibility",
                class.name,
                methods.len()
            )));
        }
    }
    out
}
