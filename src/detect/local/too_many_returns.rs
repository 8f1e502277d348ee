//! `too-many-returns`: functions with three or more return statements. A `switch` or
//! `match` whose cases each return is one dispatch, counted once: a table of answers
//! written as code, not a tangle of exits.

use rustc_hash::FxHashMap;

use tree_sitter::Node;

use crate::detect::local::functions::{all_returns, display_name, hit, owner};
use crate::detect::local::{Ctx, Hit};
use crate::parse::flat::FlatTree;

pub fn too_many_returns(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    let dispatched = dispatched_returns(ctx);
    for (index, (function, (total, _, _))) in ctx
        .collected
        .functions
        .iter()
        .zip(all_returns(ctx))
        .enumerate()
    {
        let (in_cases, switches) = dispatched.get(&index).copied().unwrap_or((0, 0));
        let total = total - in_cases + switches;
        if total >= 3 {
            let name = display_name(ctx, *function);
            let mut found = hit(
                "too-many-returns",
                *function,
                format!("{name} has {total} return statements"),
            );
            found.value = Some(f64::from(total));
            hits.push(found);
        }
    }
}

/// Per function (by index): the returns that are statements of a switch or match case,
/// and how many switches they belong to.
fn dispatched_returns(ctx: &Ctx<'_, '_>) -> FxHashMap<usize, (u32, u32)> {
    let functions = &ctx.collected.functions;
    let mut switches: FxHashMap<usize, Vec<usize>> = FxHashMap::default();
    let mut counts: FxHashMap<usize, (u32, u32)> = FxHashMap::default();
    for ret in &ctx.collected.returns {
        let Some(switch) = case_switch(ctx.flat, *ret) else {
            continue;
        };
        let Some(function) = owner(functions, *ret) else {
            continue;
        };
        // The switch must be the function's own, not one around it.
        if owner(functions, switch) != Some(function) {
            continue;
        }
        let entry = counts.entry(function).or_default();
        entry.0 += 1;
        let seen = switches.entry(function).or_default();
        if !seen.contains(&switch.id()) {
            seen.push(switch.id());
            entry.1 += 1;
        }
    }
    counts
}

/// The `switch`/`match` whose case `ret` is a statement of (directly, or in the case's
/// block). Parents come from the flat tree: tree-sitter finds a node's parent by descending
/// from the root, once per step.
fn case_switch<'t>(flat: &FlatTree<'t>, ret: Node<'t>) -> Option<Node<'t>> {
    let mut parent = flat.parent(flat.index_of(ret)?)?;
    if matches!(flat.kind(parent), "statement_block" | "block") {
        parent = flat.parent(parent)?;
    }
    if !matches!(
        flat.kind(parent),
        "switch_case" | "switch_default" | "case_clause"
    ) {
        return None;
    }
    let mut node = flat.parent(parent)?;
    while !matches!(flat.kind(node), "switch_statement" | "match_statement") {
        node = flat.parent(node)?;
    }
    Some(flat.entry(node).node)
}
