//! Functions in different modules that call each other in a loop (mutual recursion across
//! module boundaries), over confident call edges.

use std::collections::HashSet;

use petgraph::visit::EdgeFiltered;

use crate::detect::graph::{GraphCtx, is_callable, node_hit};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;
use crate::graph::model::EdgeKind;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, _limit: Option<f64>) -> Vec<(String, Hit)> {
    let snap = ctx.snap;
    let calls = EdgeFiltered::from_fn(&snap.graph, |e| {
        e.weight().kind == EdgeKind::Calls && e.weight().confidence >= 0.9
    });
    let mut out = Vec::new();
    for component in petgraph::algo::tarjan_scc(&calls) {
        if component.len() < 2 {
            continue;
        }
        let nodes: Vec<_> = component
            .iter()
            .filter_map(|i| snap.node(*i))
            .filter(|n| is_callable(n))
            .collect();
        let files: HashSet<u32> = nodes.iter().map(|n| n.file).collect();
        if files.len() < 2 {
            continue;
        }
        let Some(first) = nodes.iter().min_by_key(|n| (&n.qualified_name, n.line)) else {
            continue;
        };
        let mut names: Vec<&str> = nodes.iter().map(|n| n.qualified_name.as_str()).collect();
        names.sort_unstable();
        let shown = if names.len() > 6 {
            format!("{} and {} more", names[..6].join(", "), names.len() - 6)
        } else {
            names.join(", ")
        };
        out.push(node_hit(
            ctx,
            rule,
            first,
            format!("call cycle across {} modules: {shown}", files.len()),
        ));
    }
    out
}
