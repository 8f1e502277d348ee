//! Methods that use another class's methods far more than their own class's: the
//! behaviour probably belongs over there. Counted in distinct methods over confident call
//! edges; calls into the method's own ancestors are its own class's behaviour.

use std::collections::{HashMap, HashSet};

use petgraph::Direction;
use petgraph::stable_graph::NodeIndex;
use petgraph::visit::EdgeRef;

use crate::detect::graph::{GraphCtx, node_hit};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;
use crate::graph::Snapshot;
use crate::graph::model::{EdgeKind, NodeKind};

fn owner(snap: &Snapshot, index: NodeIndex) -> Option<NodeIndex> {
    snap.graph
        .edges_directed(index, Direction::Incoming)
        .find(|e| e.weight().kind == EdgeKind::Contains)
        .map(|e| e.source())
        .filter(|o| snap.node(*o).is_some_and(|n| n.kind == NodeKind::Class))
}

/// The class and every class it inherits from (project classes only).
fn lineage(snap: &Snapshot, class: NodeIndex) -> HashSet<NodeIndex> {
    let mut seen = HashSet::from([class]);
    let mut stack = vec![class];
    while let Some(current) = stack.pop() {
        for edge in snap
            .graph
            .edges(current)
            .filter(|e| e.weight().kind == EdgeKind::Inherits)
        {
            if seen.insert(edge.target()) {
                stack.push(edge.target());
            }
        }
    }
    seen
}

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(4.0);
    let snap = ctx.snap;
    let mut out = Vec::new();
    for index in snap.graph.node_indices() {
        let Some(method) = snap.node(index).filter(|n| n.kind == NodeKind::Method) else {
            continue;
        };
        if method.name.starts_with("__") {
            continue;
        }
        // Most methods call too few others to qualify: count before looking at classes.
        let targets: Vec<NodeIndex> = snap
            .graph
            .edges(index)
            .filter(|e| e.weight().kind == EdgeKind::Calls && e.weight().confidence >= 0.9)
            .map(|e| e.target())
            .filter(|t| {
                snap.node(*t)
                    .is_some_and(|t| t.kind == NodeKind::Method && !t.name.starts_with("__"))
            })
            .collect();
        if (targets.len() as f64) < limit {
            continue;
        }
        let Some(own) = owner(snap, index) else {
            continue;
        };
        let family = lineage(snap, own);
        let mut own_uses = 0usize;
        let mut foreign: HashMap<NodeIndex, HashSet<NodeIndex>> = HashMap::new();
        for target in targets {
            let Some(class) = owner(snap, target) else {
                continue;
            };
            if family.contains(&class) {
                own_uses += 1;
            } else {
                foreign.entry(class).or_default().insert(target);
            }
        }
        // Ties go to the first class by name: node ids differ between a patched and a fresh graph.
        let qualified = |class: NodeIndex| snap.node(class).map(|n| n.qualified_name.as_str());
        let Some((other, used)) = foreign
            .iter()
            .max_by_key(|(class, used)| (used.len(), std::cmp::Reverse(qualified(**class))))
        else {
            continue;
        };
        if used.len() as f64 >= limit && own_uses * 3 < used.len() {
            let name = snap.node(*other).map_or("?", |n| n.name.as_str());
            let own_name = snap.node(own).map_or("?", |n| n.name.as_str());
            out.push(node_hit(ctx, rule, method, format!(
                "`{}` uses {} methods of `{name}` and {own_uses} of its own class `{own_name}`; it may belong in `{name}`",
                method.name,
                used.len()
            )));
        }
    }
    out
}
