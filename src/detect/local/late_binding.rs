//! `late-binding-closure`: a function made inside a loop that reads the loop's variable and
//! outlives its iteration (stored, registered, run later) sees the variable's last value,
//! not the one of its own iteration (ruff B023 in Python; `var` loops in JavaScript, where
//! `let` gives each iteration its own binding).

use crate::detect::local::enclosing::is_function;
use crate::detect::local::functions::{function_indices, hit};
use crate::detect::local::{Ctx, Hit};
use crate::lang::Family;
use crate::parse::flat::FlatTree;

/// Calls that run the function they are given before returning, so it never outlives the
/// iteration: `sorted(xs, key=lambda x: x[i])`, `items.map((x) => x + i)`.
const RUN_NOW: &[&str] = &[
    "sorted",
    "sort",
    "min",
    "max",
    "map",
    "filter",
    "any",
    "all",
    "sum",
    "reduce",
    "groupby",
    "next",
    "list",
    "tuple",
    "set",
    "dict",
    "sub",
    "subn",
    "forEach",
    "some",
    "every",
    "find",
    "findIndex",
    "findLast",
    "flatMap",
    "replace",
    "replaceAll",
    "apply",
    "call",
];

pub fn late_binding_closure(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    let family = ctx.language.family();
    if family == Family::Rust {
        return;
    }
    let flat = ctx.flat;
    let candidates = function_indices(ctx, |_| true);
    for index in candidates {
        let function = flat.entry(index).node;
        let Some(variables) = loop_variables(ctx, index, family) else {
            continue;
        };
        if runs_now(ctx, index) || !escapes(ctx, index, family) {
            continue;
        }
        let bound = parameter_names(ctx, index);
        // Only the body runs later: default values are evaluated now (`_f=f` binds).
        let Some(body) = flat.field(index, "body") else {
            continue;
        };
        let end = flat.entry(body).end;
        let read = (body..end).find_map(|i| {
            let name = (flat.kind(i) == "identifier" && !is_member_name(flat, i))
                .then(|| flat.text(i, ctx.source))?;
            (variables.iter().any(|v| v == name) && !bound.iter().any(|b| b == name))
                .then_some(name)
        });
        if let Some(name) = read {
            hits.push(hit(
                "late-binding-closure",
                function,
                format!(
                    "this function reads loop variable `{name}` when it runs, after the loop has moved on: it sees the last value; bind it now ({})",
                    if family == Family::Python {
                        format!("a default argument `{name}={name}`")
                    } else {
                        "declare the loop variable with `let`".to_string()
                    }
                ),
            ));
        }
    }
}

/// The variables of the loop around `function` (inside the same enclosing function)
/// that all its iterations share.
fn loop_variables(ctx: &Ctx<'_, '_>, function: u32, family: Family) -> Option<Vec<String>> {
    let flat = ctx.flat;
    let mut node = flat.parent(function)?;
    loop {
        let kind = flat.kind(node);
        if is_function(kind, family) {
            return None;
        }
        let target = match (family, kind) {
            (Family::Python, "for_statement") => flat.field(node, "left"),
            (Family::Python, _)
                if kind.ends_with("comprehension") || kind == "generator_expression" =>
            {
                flat.named_children(node)
                    .find(|&c| flat.kind(c) == "for_in_clause")
                    .and_then(|c| flat.field(c, "left"))
            }
            (Family::Ecma, "for_statement") => flat
                .field(node, "initializer")
                .filter(|&d| flat.kind(d) == "variable_declaration"),
            (Family::Ecma, "for_in_statement") => {
                let shared = flat
                    .field(node, "kind")
                    .is_none_or(|k| flat.text(k, ctx.source) == "var");
                flat.field(node, "left").filter(|_| shared)
            }
            _ => None,
        };
        if let Some(target) = target {
            let names = names_in(flat, ctx.source, target);
            return (!names.is_empty()).then_some(names);
        }
        node = flat.parent(node)?;
    }
}

/// The identifiers a loop target or declaration binds.
fn names_in(flat: &FlatTree<'_>, source: &str, target: u32) -> Vec<String> {
    let end = flat.entry(target).end;
    (target..end)
        .filter(|&i| flat.kind(i) == "identifier")
        .filter(|&i| {
            // In `var i = 0`, only the declared name, not the identifiers of its value.
            flat.parent(i).is_none_or(|p| {
                flat.kind(p) != "variable_declarator" || flat.field(p, "name") == Some(i)
            })
        })
        .map(|i| flat.text(i, source).to_string())
        .collect()
}

/// `x.name`'s `name`, `f(name=…)`'s `name`: not a read of a variable.
fn is_member_name(flat: &FlatTree<'_>, identifier: u32) -> bool {
    flat.parent(identifier).is_some_and(|p| match flat.kind(p) {
        "attribute" => flat.field(p, "attribute") == Some(identifier),
        "keyword_argument" => flat.field(p, "name") == Some(identifier),
        _ => false,
    })
}

/// Calls that keep the function they are given for later.
const KEEPS: &[&str] = &[
    "append",
    "add",
    "extend",
    "insert",
    "appendleft",
    "push",
    "unshift",
    "set",
    "setdefault",
    "connect",
    "register",
    "subscribe",
    "on",
    "once",
    "addEventListener",
    "addListener",
    "setTimeout",
    "setInterval",
    "setImmediate",
    "requestAnimationFrame",
    "then",
    "catch",
    "finally",
    "submit",
    "Thread",
    "Timer",
    "Process",
    "call_later",
    "call_soon",
    "call_at",
    "add_done_callback",
    "create_task",
    "ensure_future",
    "partial",
    "atexit",
    "defer",
];

/// Whether the function outlives the iteration that made it: a `def` (bound to a name the
/// loop may keep), an element of a container or comprehension, a value stored in an
/// attribute or subscript, or an argument to a call that keeps it.
fn escapes(ctx: &Ctx<'_, '_>, function: u32, family: Family) -> bool {
    let flat = ctx.flat;
    if matches!(
        flat.kind(function),
        "function_definition" | "function_declaration"
    ) {
        return def_escapes(ctx, function);
    }
    let Some(mut parent) = flat.parent(function) else {
        return false;
    };
    if flat.kind(parent) == "keyword_argument" || flat.kind(parent) == "pair" {
        parent = flat.parent(parent).unwrap_or(parent);
    }
    match flat.kind(parent) {
        "list"
        | "tuple"
        | "set"
        | "dictionary"
        | "array"
        | "object"
        | "list_comprehension"
        | "generator_expression"
        | "set_comprehension"
        | "dictionary_comprehension" => true,
        "assignment" | "assignment_expression" => flat.field(parent, "left").is_some_and(|l| {
            matches!(
                flat.kind(l),
                "attribute" | "subscript" | "member_expression" | "subscript_expression"
            )
        }),
        "argument_list" | "arguments" => {
            let callee = flat
                .parent(parent)
                .and_then(|c| flat.field(c, "function"))
                .map_or("", |c| flat.text(c, ctx.source));
            let name = callee.rsplit('.').next().unwrap_or(callee);
            KEEPS.contains(&name) || (family == Family::Ecma && name.starts_with("on"))
        }
        _ => false,
    }
}

/// A `def` in a loop escapes when its name is used in the loop other than by calling it.
fn def_escapes(ctx: &Ctx<'_, '_>, function: u32) -> bool {
    let flat = ctx.flat;
    let Some(name) = flat
        .field(function, "name")
        .map(|n| flat.text(n, ctx.source))
    else {
        return true;
    };
    let mut definition = function;
    if let Some(decorated) = flat
        .parent(function)
        .filter(|&p| flat.kind(p) == "decorated_definition")
    {
        definition = decorated;
    }
    let Some(block) = flat.parent(definition) else {
        return false;
    };
    let end = flat.entry(block).end;
    let function_end = flat.entry(function).end;
    (function_end..end).any(|i| {
        flat.kind(i) == "identifier"
            && flat.text(i, ctx.source) == name
            && !flat.parent(i).is_some_and(|p| {
                matches!(flat.kind(p), "call" | "call_expression")
                    && flat.field(p, "function") == Some(i)
            })
    })
}

/// Whether `function` is handed straight to a call that runs it before returning.
fn runs_now(ctx: &Ctx<'_, '_>, function: u32) -> bool {
    let flat = ctx.flat;
    let Some(mut parent) = flat.parent(function) else {
        return false;
    };
    // `(lambda: …)()`: called where it is made.
    let mut callee = function;
    while flat.kind(parent) == "parenthesized_expression" {
        callee = parent;
        let Some(up) = flat.parent(parent) else {
            return false;
        };
        parent = up;
    }
    if matches!(flat.kind(parent), "call" | "call_expression")
        && flat.field(parent, "function") == Some(callee)
    {
        return true;
    }
    if flat.kind(parent) == "keyword_argument" {
        let Some(up) = flat.parent(parent) else {
            return false;
        };
        parent = up;
    }
    if !matches!(flat.kind(parent), "argument_list" | "arguments") {
        return false;
    }
    let Some(call) = flat.parent(parent) else {
        return false;
    };
    let callee = flat
        .field(call, "function")
        .map_or("", |c| flat.text(c, ctx.source));
    let name = callee.rsplit('.').next().unwrap_or(callee);
    RUN_NOW.contains(&name)
}

/// The names `function`'s own parameters bind (`lambda i=i: …` binds `i`).
fn parameter_names(ctx: &Ctx<'_, '_>, function: u32) -> Vec<String> {
    let flat = ctx.flat;
    let params = flat
        .field(function, "parameters")
        .or_else(|| flat.field(function, "parameter"));
    params.map_or_else(Vec::new, |p| {
        let end = flat.entry(p).end;
        (p..end)
            .filter(|&i| flat.kind(i) == "identifier")
            .filter(|&i| {
                flat.parent(i).is_none_or(|parent| {
                    !matches!(
                        flat.kind(parent),
                        "default_parameter" | "assignment_pattern"
                    ) || flat.field(parent, "name") == Some(i)
                        || flat.field(parent, "left") == Some(i)
                })
            })
            .map(|i| flat.text(i, ctx.source).to_string())
            .collect()
    })
}
