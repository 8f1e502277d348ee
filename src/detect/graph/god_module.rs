//! Modules that define too much and are used from everywhere.

use std::collections::HashMap;

use crate::detect::graph::{GraphCtx, hit, import_graph};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;
use crate::graph::model::NodeKind;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(60.0);
    let mut defined: HashMap<u32, usize> = HashMap::new();
    for node in ctx.snap.graph.node_weights() {
        if matches!(node.kind, NodeKind::Function | NodeKind::Class) {
            *defined.entry(node.file).or_default() += 1;
        }
    }
    let mut importers: HashMap<u32, usize> = HashMap::new();
    for targets in import_graph(ctx).values() {
        for target in targets.keys() {
            *importers.entry(*target).or_default() += 1;
        }
    }
    let mut out = Vec::new();
    for (file, count) in defined {
        let Some(info) = ctx.snap.files.get(file as usize) else {
            continue;
        };
        let fan_in = importers.get(&file).copied().unwrap_or(0);
        if count as f64 > limit && info.lines > 1500 && fan_in >= 10 {
            out.push((info.path.clone(), hit(rule, 1, 1, format!(
                "{} defines {count} functions and classes (limit {limit}) in {} lines and is imported by {fan_in} modules",
                info.path, info.lines
            ))));
        }
    }
    out
}
