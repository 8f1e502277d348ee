//! What a private function's callers pass: a parameter every call in the file fills with a
//! constant (or leaves at a constant default) carries no outside data, so it is not a
//! taint source. Only Python's `_private` functions are judged, whose callers live in
//! their own module; anything else may be called from anywhere.

use crate::detect::local::Ctx;
use crate::lang::Family;
use crate::parse::flat::FlatTree;

/// Whether parameter `index` (counted without `self`/`cls`), named `name` and declared by
/// node `param`, is a constant at every call of function `function` in the file, and
/// there is at least one call.
pub(super) fn constant_at_every_call(
    ctx: &Ctx<'_, '_>,
    function: &str,
    index: u32,
    name: &str,
    param: u32,
) -> bool {
    if ctx.language.family() != Family::Python
        || !function.starts_with('_')
        || function.starts_with("__")
    {
        return false;
    }
    let flat = ctx.flat;
    let default = flat.field(param, "value");
    let mut calls = 0;
    for node in 0..flat.len() as u32 {
        if flat.kind(node) != "call" || !calls_function(ctx, node, function) {
            continue;
        }
        calls += 1;
        let Some(arguments) = flat.field(node, "arguments") else {
            return false;
        };
        match argument(flat, ctx.source, arguments, index, name) {
            Argument::Given(value) if is_constant(flat, value) => {}
            Argument::Absent if default.is_some_and(|d| is_constant(flat, d)) => {}
            _ => return false,
        }
    }
    calls > 0
}

/// `name(…)`, `self.name(…)`, `cls.name(…)`.
fn calls_function(ctx: &Ctx<'_, '_>, call: u32, function: &str) -> bool {
    let flat = ctx.flat;
    let Some(callee) = flat.field(call, "function") else {
        return false;
    };
    match flat.kind(callee) {
        "identifier" => flat.text(callee, ctx.source) == function,
        "attribute" => {
            flat.field(callee, "attribute")
                .is_some_and(|a| flat.text(a, ctx.source) == function)
                && flat
                    .field(callee, "object")
                    .is_some_and(|o| matches!(flat.text(o, ctx.source), "self" | "cls"))
        }
        _ => false,
    }
}

enum Argument {
    Given(u32),
    Absent,
    /// Spread from `*args` or `**kwargs`: anything.
    Unknown,
}

/// The value a call gives parameter `index` / `name`.
fn argument(flat: &FlatTree<'_>, source: &str, arguments: u32, index: u32, name: &str) -> Argument {
    let mut position = 0;
    let mut found = Argument::Absent;
    for child in flat.named_children(arguments) {
        match flat.kind(child) {
            "keyword_argument" => {
                if flat
                    .field(child, "name")
                    .is_some_and(|n| flat.text(n, source) == name)
                    && let Some(value) = flat.field(child, "value")
                {
                    return Argument::Given(value);
                }
            }
            "list_splat" | "dictionary_splat" => return Argument::Unknown,
            "comment" => {}
            _ => {
                if position == index {
                    found = Argument::Given(child);
                }
                position += 1;
            }
        }
    }
    found
}

/// A literal: a string without interpolation, a number, `True`, `False`, `None`.
fn is_constant(flat: &FlatTree<'_>, node: u32) -> bool {
    match flat.kind(node) {
        "integer" | "float" | "true" | "false" | "none" => true,
        "string" => !flat
            .named_children(node)
            .any(|c| flat.kind(c) == "interpolation"),
        "concatenated_string" => flat.named_children(node).all(|c| is_constant(flat, c)),
        _ => false,
    }
}
