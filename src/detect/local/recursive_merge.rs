//! `prototype-pollution-merge`: a function that merges one object into another key by key
//! and calls itself on the nested values (`merge(target[key], source[key])`), without
//! refusing the keys `__proto__`, `constructor` and `prototype`: a source holding
//! `{"__proto__": {…}}` writes onto `Object.prototype`.

use tree_sitter::Node;

use crate::detect::local::functions::{bound_name, hit, walk_body};
use crate::detect::local::{Ctx, Hit};
use crate::lang::Family;

/// Text in a function that shows it guards the keys (or copies only own, safe ones).
const GUARDS: &[&str] = &[
    "__proto__",
    "constructor",
    "prototype",
    "hasOwnProperty",
    "hasOwn(",
    "Object.create(null)",
    "isSafeKey",
    "isPrototypePolluted",
];

pub fn recursive_merge(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    if ctx.language.family() != Family::Ecma {
        return;
    }
    for &function in &ctx.collected.functions {
        let Some(name) = own_name(ctx, function) else {
            continue;
        };
        // A merge calls itself, so its name is written in its body: most functions' is
        // not, and they are not walked.
        let after_name = ctx
            .child(function, "name")
            .map_or(function.start_byte(), |n| n.end_byte());
        let body = ctx
            .source
            .get(after_name..function.end_byte())
            .unwrap_or("");
        if memchr::memmem::find(body.as_bytes(), name.as_bytes()).is_none() {
            continue;
        }
        // Key loops (variable, span), key-indexed writes and recursive calls with a
        // key-indexed argument, each by where it is.
        let mut loops: Vec<(&str, std::ops::Range<usize>)> = Vec::new();
        let mut writes: Vec<(Node<'_>, &str)> = Vec::new();
        let mut recursions: Vec<(usize, Vec<&str>)> = Vec::new();
        walk_body(ctx, function, |index, node| match ctx.flat.kind(index) {
            "for_in_statement" => {
                if let Some(key) = loop_key(ctx, node) {
                    loops.push((key, node.byte_range()));
                }
            }
            "assignment_expression" => {
                if let Some(left) = ctx
                    .child(node, "left")
                    .filter(|l| l.kind() == "subscript_expression")
                    && let Some(index) = ctx.child(left, "index")
                {
                    writes.push((node, ctx.text(index)));
                }
            }
            "call_expression" => {
                let callee = ctx.child(node, "function").map_or("", |f| ctx.text(f));
                if callee == name || callee.strip_prefix("this.") == Some(name) {
                    recursions.push((node.start_byte(), indexed_arguments(ctx, node)));
                }
            }
            _ => {}
        });
        let merged = writes.into_iter().find(|&(write, key)| {
            let inside = |at: usize| {
                loops
                    .iter()
                    .any(|(k, span)| *k == key && span.contains(&at))
            };
            inside(write.start_byte())
                && recursions
                    .iter()
                    .any(|(at, keys)| inside(*at) && keys.contains(&key))
        });
        // Reading the function's code for guards is the costly part: candidates only.
        if let Some((write, _)) = merged
            && !guarded(ctx, function)
        {
            hits.push(hit(
                "prototype-pollution-merge",
                write,
                format!(
                    "`{name}` copies every key of its source into the target and recurses into \
                     nested objects without refusing `__proto__`, `constructor` and `prototype`"
                ),
            ));
        }
    }
}

/// Whether the function's code (its comments aside) checks the keys.
pub(super) fn guarded(ctx: &Ctx<'_, '_>, function: Node<'_>) -> bool {
    let span = function.byte_range();
    let mut at = span.start;
    let mut code = String::new();
    for comment in &ctx.collected.comments {
        let range = ctx.flat.entry(*comment).range();
        if range.start >= at && range.end <= span.end {
            code.push_str(ctx.source.get(at..range.start).unwrap_or(""));
            at = range.end;
        }
    }
    code.push_str(ctx.source.get(at..span.end).unwrap_or(""));
    GUARDS.iter().any(|g| code.contains(g))
}

/// The function's own name, or the name it is bound to (`const merge = (a, b) => …`).
pub(super) fn own_name<'a>(ctx: &'a Ctx<'_, '_>, function: Node<'_>) -> Option<&'a str> {
    if let Some(name) = ctx.child(function, "name") {
        return Some(ctx.text(name));
    }
    let index = ctx.flat.index_of(function)?;
    bound_name(ctx.flat, ctx.source, index)
}

/// The key variable of `for (const key in source)`, or of `for (const [key, value] of
/// Object.entries(source))` / `for (const key of Object.keys(source))`.
fn loop_key<'a>(ctx: &'a Ctx<'_, '_>, node: Node<'_>) -> Option<&'a str> {
    let left = ctx.child(node, "left")?;
    let operator = ctx.child(node, "operator").map_or("", |o| ctx.text(o));
    let right = ctx.child(node, "right").map_or("", |r| ctx.text(r));
    match (operator, left.kind()) {
        ("in", "identifier") => Some(ctx.text(left)),
        ("of", "identifier") if right.starts_with("Object.keys(") => Some(ctx.text(left)),
        ("of", "array_pattern") if right.starts_with("Object.entries(") => left
            .named_child(0)
            .filter(|k| k.kind() == "identifier")
            .map(|k| ctx.text(k)),
        _ => None,
    }
}

/// The index texts of a call's `x[key]` arguments.
fn indexed_arguments<'a>(ctx: &'a Ctx<'_, '_>, call: Node<'_>) -> Vec<&'a str> {
    let Some(arguments) = ctx.child(call, "arguments") else {
        return Vec::new();
    };
    let mut cursor = arguments.walk();
    arguments
        .named_children(&mut cursor)
        .filter(|a| a.kind() == "subscript_expression")
        .filter_map(|a| ctx.child(a, "index"))
        .map(|i| ctx.text(i))
        .collect()
}
