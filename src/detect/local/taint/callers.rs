//! What a function's callers in its own file pass: a parameter every call fills with a
//! constant (or leaves at a constant default) carries no outside data. A Python
//! `_private` function's callers live in its module, so such a parameter is no taint
//! source at all; for any other function `detect::graph::taint` checks that no caller in
//! another file exists before it drops the finding.

use std::cell::OnceCell;

use rustc_hash::FxHashMap;

use crate::detect::local::Ctx;
use crate::lang::Family;
use crate::parse::flat::{FlatTree, KindSet};

static CALLS: KindSet = KindSet::new(&["call", "call_expression"]);

/// The file's calls by the last part of their callee's name, found at the first question
/// about callers (asking it of every parameter read the whole file each time).
#[derive(Default)]
pub(super) struct Calls<'s> {
    by_name: OnceCell<FxHashMap<&'s str, Vec<u32>>>,
}

impl<'s> Calls<'s> {
    fn named(&self, ctx: &Ctx<'s, '_>, function: &str) -> &[u32] {
        let by_name = self.by_name.get_or_init(|| {
            let flat = ctx.flat;
            let function_field = flat.field_id("function");
            let mut by_name: FxHashMap<&'s str, Vec<u32>> = FxHashMap::default();
            let calls = CALLS.of(ctx.language);
            for node in 0..flat.len() as u32 {
                if !calls.holds(flat, node) {
                    continue;
                }
                if let Some(callee) = flat.child_by_field(node, function_field) {
                    let text = flat.text(callee, ctx.source);
                    let last = text.rsplit(['.', ':']).next().unwrap_or(text);
                    by_name.entry(last).or_default().push(node);
                }
            }
            by_name
        });
        by_name.get(function).map_or(&[], Vec::as_slice)
    }
}

/// A parameter of a function: the function's name, the parameter's index (counted
/// without `self`/`cls`), its name and the node that declares it.
pub(super) struct Param<'p> {
    pub function: &'p str,
    pub index: u32,
    pub name: &'p str,
    pub node: u32,
}

/// Whether a `_private` Python function's parameter is a constant at every call in the
/// file (its callers live in its module), and there is at least one call.
pub(super) fn constant_at_every_call<'s>(
    ctx: &Ctx<'s, '_>,
    calls: &Calls<'s>,
    param: &Param<'_>,
) -> bool {
    ctx.language.family() == Family::Python
        && param.function.starts_with('_')
        && !param.function.starts_with("__")
        && constant_in_file(ctx, calls, param)
}

/// Whether every call of the function in this file gives the parameter a constant, and
/// there is at least one.
pub(super) fn constant_in_file<'s>(
    ctx: &Ctx<'s, '_>,
    calls: &Calls<'s>,
    param: &Param<'_>,
) -> bool {
    let Param {
        function,
        index,
        name,
        node: param,
    } = *param;
    let flat = ctx.flat;
    let default = flat.field(param, "value");
    let mut found = 0;
    for &node in calls.named(ctx, function) {
        if !calls_function(ctx, node, function) {
            continue;
        }
        found += 1;
        let Some(arguments) = flat.field(node, "arguments") else {
            return false;
        };
        match argument(flat, ctx.source, arguments, index, name) {
            Argument::Given(value) if is_constant(flat, value) => {}
            Argument::Absent if default.is_some_and(|d| is_constant(flat, d)) => {}
            _ => return false,
        }
    }
    found > 0
}

/// `name(…)`, `self.name(…)`, `cls.name(…)`, `this.name(…)`, `Self::name(…)`.
fn calls_function(ctx: &Ctx<'_, '_>, call: u32, function: &str) -> bool {
    let flat = ctx.flat;
    let Some(callee) = flat.field(call, "function") else {
        return false;
    };
    let text = flat.text(callee, ctx.source);
    match flat.kind(callee) {
        "identifier" => text == function,
        "attribute" | "member_expression" | "field_expression" | "scoped_identifier" => text
            .strip_suffix(function)
            .is_some_and(|head| matches!(head, "self." | "cls." | "this." | "Self::" | "self::")),
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
            "list_splat" | "dictionary_splat" | "spread_element" => return Argument::Unknown,
            "comment" | "line_comment" | "block_comment" => {}
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

/// A literal: a string without interpolation, a number, a boolean, `None`/`null`.
fn is_constant(flat: &FlatTree<'_>, node: u32) -> bool {
    match flat.kind(node) {
        "integer" | "float" | "true" | "false" | "none" | "number" | "null" | "undefined"
        | "integer_literal" | "float_literal" | "string_literal" | "raw_string_literal"
        | "boolean_literal" | "char_literal" => true,
        "reference_expression" => flat.named_children(node).all(|c| is_constant(flat, c)),
        "string" | "template_string" => !flat
            .named_children(node)
            .any(|c| matches!(flat.kind(c), "interpolation" | "template_substitution")),
        "concatenated_string" => flat.named_children(node).all(|c| is_constant(flat, c)),
        _ => false,
    }
}
