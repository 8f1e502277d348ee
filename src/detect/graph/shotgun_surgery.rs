//! Symbols called from so many files that changing their signature means editing all of
//! them.

use std::collections::HashSet;

use crate::detect::graph::{GraphCtx, caller_count, callers, is_callable, node_hit};
use crate::detect::local::{Hit, is_test_path};
use crate::detect::rule::Rule;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(25.0);
    let snap = ctx.snap;
    let mut out = Vec::new();
    for index in snap.graph.node_indices() {
        let Some(node) = snap.node(index).filter(|n| is_callable(n)) else {
            continue;
        };
        // Callers bound the files they live in.
        if caller_count(snap, index, 0.9) as f64 <= limit {
            continue;
        }
        // Tests calling an API are not the edits a change forces on its users.
        let files: HashSet<u32> = callers(snap, index, 0.9)
            .iter()
            .filter_map(|c| snap.node(*c))
            .map(|c| c.file)
            .filter(|f| *f != node.file)
            .filter(|f| {
                snap.files
                    .get(*f as usize)
                    .is_some_and(|file| !is_test_path(&file.path))
            })
            .collect();
        if files.len() as f64 > limit {
            out.push(node_hit(
                ctx,
                rule,
                node,
                format!(
                    "changing `{}` touches {} files outside the tests that call it (limit {limit})",
                    node.qualified_name,
                    files.len()
                ),
            ));
        }
    }
    out
}
