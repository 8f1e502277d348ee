//! Per-function and per-file metrics against thresholds: complexity, nesting, length,
//! parameters, file size, and public API without documentation.

use crate::detect::graph::{GraphCtx, is_callable, node_hit};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;
use crate::graph::model::{Node, NodeKind};

fn over(
    ctx: &GraphCtx<'_>,
    rule: &Rule,
    limit: f64,
    measure: impl Fn(&Node) -> Option<f64>,
    say: impl Fn(&Node, f64) -> String,
) -> Vec<(String, Hit)> {
    ctx.snap
        .graph
        .node_weights()
        .filter(|n| is_callable(n))
        .filter_map(|node| {
            let value = measure(node)?;
            (value > limit).then(|| {
                let mut found = node_hit(ctx, rule, node, say(node, value));
                found.1.end_line = node.end_line;
                found
            })
        })
        .collect()
}

pub fn complexity(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(15.0);
    over(
        ctx,
        rule,
        limit,
        |n| n.metrics.map(|m| f64::from(m.complexity)),
        |n, v| {
            format!(
                "`{}` has cyclomatic complexity {v} (limit {limit}); split it into smaller functions",
                n.name
            )
        },
    )
}

pub fn nesting(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(4.0);
    over(
        ctx,
        rule,
        limit,
        |n| n.metrics.map(|m| f64::from(m.max_nesting)),
        |n, v| {
            format!(
                "`{}` nests blocks {v} deep (limit {limit}); return early or extract the inner blocks",
                n.name
            )
        },
    )
}

pub fn long_function(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(80.0);
    over(
        ctx,
        rule,
        limit,
        |n| n.metrics.map(|m| f64::from(m.lines)),
        |n, v| format!("`{}` is {v} lines long (limit {limit})", n.name),
    )
}

pub fn parameters(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(6.0);
    over(
        ctx,
        rule,
        limit,
        // Extraction leaves out `self` and `cls` already.
        |n| n.metrics.map(|m| f64::from(m.params)),
        |n, v| {
            format!(
                "`{}` takes {v} parameters (limit {limit}); group related ones into a type",
                n.name
            )
        },
    )
}

pub fn large_file(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let limit = limit.unwrap_or(1000.0);
    ctx.snap
        .files
        .iter()
        .filter(|f| f64::from(f.lines) > limit)
        .map(|f| {
            let mut hit = crate::detect::graph::hit(
                rule,
                1,
                1,
                format!(
                    "{} has {} lines (limit {limit}); split it by responsibility",
                    f.path, f.lines
                ),
            );
            hit.value = Some(f64::from(f.lines));
            (f.path.clone(), hit)
        })
        .collect()
}

/// Public functions and classes with no docstring or doc comment.
pub fn docstring(ctx: &GraphCtx<'_>, rule: &Rule, _limit: Option<f64>) -> Vec<(String, Hit)> {
    ctx.snap
        .graph
        .node_weights()
        .filter(|n| {
            matches!(
                n.kind,
                NodeKind::Function | NodeKind::Method | NodeKind::Class
            )
        })
        .filter(|n| n.doc.is_none() && !n.name.starts_with('_') && n.end_line > n.line + 2)
        .map(|n| {
            node_hit(
                ctx,
                rule,
                n,
                format!(
                    "public {} `{}` has no documentation",
                    n.kind.as_str(),
                    n.name
                ),
            )
        })
        .collect()
}
