//! `prototype-pollution-path`: a function that walks into an object by a list of keys
//! (`obj = obj[key]` in a loop, as `set(obj, "a.b.c", v)` helpers do) and then writes by
//! key, without refusing `__proto__`, `constructor` and `prototype`: the path
//! `"__proto__.isAdmin"` writes onto `Object.prototype`.

use tree_sitter::Node;

use crate::detect::local::functions::{hit, walk_body_at};
use crate::detect::local::recursive_merge::{guarded, own_name};
use crate::detect::local::{Ctx, Hit};
use crate::lang::Family;

const LOOPS: &[&str] = &[
    "for_statement",
    "for_in_statement",
    "while_statement",
    "do_statement",
];

pub fn path_setter(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    if ctx.language.family() != Family::Ecma {
        return;
    }
    for &function in &ctx.collected.functions {
        let Some(at) = ctx.flat.index_of(function) else {
            continue;
        };
        let callback = is_loop_callback(ctx, at);
        // Variables walked into by key inside a loop, and writes by key, by variable.
        let mut walked: Vec<(Node<'_>, &str)> = Vec::new();
        let mut writes: Vec<&str> = Vec::new();
        walk_body_at(ctx, at, |index, node| {
            if ctx.flat.kind(index) != "assignment_expression" {
                return;
            }
            let (Some(left), Some(right)) = (ctx.child(node, "left"), ctx.child(node, "right"))
            else {
                return;
            };
            match left.kind() {
                "identifier" if (callback || in_loop(ctx, index, at)) => {
                    let name = ctx.text(left);
                    if walks_into(ctx, name, right) {
                        walked.push((node, name));
                    }
                }
                "subscript_expression" => {
                    if let (Some(object), Some(index)) =
                        (ctx.child(left, "object"), ctx.child(left, "index"))
                        && object.kind() == "identifier"
                        && index.kind() == "identifier"
                    {
                        writes.push(ctx.text(object));
                    }
                }
                _ => {}
            }
        });
        // Reported where the walk steps in: the key check belongs before that step.
        let Some(&(step, name)) = walked.iter().find(|(_, name)| writes.contains(name)) else {
            continue;
        };
        // Reading the function's code for guards is the costly part: done for candidates only.
        if guarded(ctx, function) {
            continue;
        }
        let function_name = own_name(ctx, function).unwrap_or("this function");
        hits.push(hit(
            "prototype-pollution-path",
            step,
            format!(
                "`{function_name}` walks into `{name}` by the keys it is given and writes the \
                 last one without refusing `__proto__`, `constructor` and `prototype`"
            ),
        ));
    }
}

/// `obj = obj[key]`, `obj = obj[key] || (obj[key] = {})`, `obj = obj[key] ?? {}`: the
/// variable now holds what it held under a key that is a variable, not a position.
fn walks_into(ctx: &Ctx<'_, '_>, name: &str, right: Node<'_>) -> bool {
    let value = if right.kind() == "binary_expression" {
        match ctx.child(right, "left") {
            Some(left) => left,
            None => return false,
        }
    } else {
        right
    };
    value.kind() == "subscript_expression"
        && ctx
            .child(value, "object")
            .is_some_and(|o| ctx.text(o) == name)
        && ctx
            .child(value, "index")
            .is_some_and(|i| i.kind() == "identifier" && !is_counter(ctx, i))
}

/// An index that counts positions (`for (let i = 0; …; i++)`): it walks an array.
fn is_counter(ctx: &Ctx<'_, '_>, index: Node<'_>) -> bool {
    let name = ctx.text(index);
    // Parents from the flat tree: tree-sitter finds each by walking down from the root.
    let flat = ctx.flat;
    let mut at = flat.index_of(index).and_then(|i| flat.parent(i));
    while let Some(parent) = at {
        if flat.kind(parent) == "for_statement"
            && ctx
                .child(flat.entry(parent).node, "initializer")
                .is_some_and(|i| ctx.text(i).contains(&format!("{name} = 0")))
        {
            return true;
        }
        at = flat.parent(parent);
    }
    false
}

/// Whether node `index` lies in a loop of the body of `function` (flat-tree indices).
fn in_loop(ctx: &Ctx<'_, '_>, index: u32, function: u32) -> bool {
    let mut at = ctx.flat.parent(index);
    while let Some(parent) = at {
        if parent == function {
            return false;
        }
        if LOOPS.contains(&ctx.flat.kind(parent)) {
            return true;
        }
        at = ctx.flat.parent(parent);
    }
    false
}

/// A function (flat-tree index) given to `.forEach(…)`: its body runs once per element.
fn is_loop_callback(ctx: &Ctx<'_, '_>, function: u32) -> bool {
    let Some(call) = ctx
        .flat
        .parent(function)
        .filter(|&p| ctx.flat.kind(p) == "arguments")
        .and_then(|a| ctx.flat.parent(a))
    else {
        return false;
    };
    ctx.flat
        .field(call, "function")
        .is_some_and(|f| ctx.flat.text(f, ctx.source).ends_with(".forEach"))
}
