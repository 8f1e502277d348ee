//! `unused-variable`: Python locals assigned and never read in their function.

use rustc_hash::FxHashMap;
use tree_sitter::Node;

use crate::detect::local::functions::hit;
use crate::detect::local::{Ctx, Hit, line_of};
use crate::lang::Family;
use crate::parse::flat::KindSet;

static SCOPES: KindSet = KindSet::new(&["class_definition", "function_definition", "lambda"]);
static IDENTIFIER: KindSet = KindSet::new(&["identifier"]);
static ASSIGNMENT: KindSet = KindSet::new(&["assignment"]);

/// Python locals assigned (simple `name = …`) and never read in the function.
pub fn unused_variable(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    if ctx.language.family() != Family::Python {
        return;
    }
    let (left, body) = (ctx.flat.field_id("left"), ctx.flat.field_id("body"));
    for function in &ctx.collected.functions {
        let Some(function) = ctx.flat.index_of(*function) else {
            continue;
        };
        if ctx.flat.kind(function) != "function_definition" {
            continue;
        }
        let Some(start) = ctx.flat.child_by_field(function, body) else {
            continue;
        };
        // Targets first: most identifiers are reads, and only reads of a target matter.
        let mut targets: FxHashMap<&str, (bool, Node<'_>)> = FxHashMap::default();
        let mut dynamic = false;
        each_identifier(ctx, start, left, |index, text, is_target, nested| {
            if matches!(text, "locals" | "vars" | "eval" | "exec") {
                dynamic = true;
            }
            if is_target && !nested {
                targets
                    .entry(text)
                    .or_insert((false, ctx.flat.entry(index).node));
            }
        });
        if dynamic || targets.is_empty() {
            continue;
        }
        each_identifier(ctx, start, left, |_, text, is_target, _| {
            if !is_target && let Some(target) = targets.get_mut(text) {
                target.0 = true;
            }
        });
        // Names read from strings: forward-reference annotations (`'Final[MyInt]'`).
        // Strings are collected in document order: the function's are one run of them.
        let range = ctx.flat.entry(function).range();
        let all = &ctx.collected.strings;
        let start = |s: &u32| ctx.flat.entry(*s).node.start_byte();
        let first = all.partition_point(|s| start(s) < range.start);
        let last = all.partition_point(|s| start(s) < range.end);
        let strings: Vec<&str> = all[first..last]
            .iter()
            .map(|&s| ctx.flat.text(s, ctx.source))
            .collect();
        let in_strings = |name: &str| {
            strings.iter().any(|s| {
                s.match_indices(name).any(|(at, _)| {
                    let before = s[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_alphanumeric() && c != '_');
                    let after = s[at + name.len()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphanumeric() && c != '_');
                    before && after
                })
            })
        };
        let mut unused: Vec<(&str, Node<'_>)> = targets
            .into_iter()
            .filter(|(name, (used, _))| !name.starts_with('_') && !used && !in_strings(name))
            .map(|(name, (_, node))| (name, node))
            .collect();
        unused.sort_by_key(|(_, node)| node.start_byte());
        for (name, node) in unused {
            // `# noqa` (ruff/flake8's F841 and friends) already says the author meant it.
            if super::suppressions::marks_noqa(ctx.line(line_of(node))) {
                continue;
            }
            hits.push(hit(
                "unused-variable",
                node,
                format!("local variable `{name}` is assigned but never used"),
            ));
        }
    }
}

/// Calls `each` with every identifier of the body starting at flat index `start`: its
/// index, its text, whether it is the target of a plain assignment, and whether it lies in
/// a nested class, function or lambda (whose bindings are that scope's own; names read
/// there may still be this function's variables, as closures). Pre-order: a nested scope's
/// nodes run up to its end.
fn each_identifier<'a>(
    ctx: &Ctx<'a, '_>,
    start: u32,
    left: u16,
    mut each: impl FnMut(u32, &'a str, bool, bool),
) {
    let (scopes, identifier, assignment) = (
        SCOPES.of(ctx.language),
        IDENTIFIER.of(ctx.language),
        ASSIGNMENT.of(ctx.language),
    );
    let mut nested_until = 0;
    for index in start..ctx.flat.entry(start).end {
        let entry = ctx.flat.entry(index);
        let nested = index < nested_until;
        if !nested && index > start && scopes.holds(ctx.flat, index) {
            nested_until = entry.end;
            continue;
        }
        if !identifier.holds(ctx.flat, index) {
            continue;
        }
        let is_target = entry.field == left
            && ctx
                .flat
                .parent(index)
                .is_some_and(|p| assignment.holds(ctx.flat, p));
        each(index, ctx.flat.text(index, ctx.source), is_target, nested);
    }
}
