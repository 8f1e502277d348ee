//! What the Rust-coded local detectors share about functions: a hit at a node, a walk of
//! a body that skips nested functions, a function's name, and its return statements.

use tree_sitter::Node;

use crate::detect::local::enclosing::function_kinds_of;
use crate::detect::local::{Ctx, Hit, line_of};
use crate::parse::flat::{FlatTree, KindSet};

static LAMBDA: KindSet = KindSet::new(&["lambda"]);

pub(super) fn hit(rule: &str, node: Node<'_>, message: String) -> Hit {
    Hit {
        rule: rule.into(),
        line: line_of(node),
        end_line: line_of(node),
        column: node.start_position().column as u32 + 1,
        message,
        severity: None,
        flow: Vec::new(),
        value: None,
        audit: false,
    }
}

/// Visits the nodes of a function body in document order, not entering nested functions.
pub fn walk_body<'t>(ctx: &Ctx<'_, 't>, function: Node<'t>, visit: impl FnMut(u32, Node<'t>)) {
    if let Some(start) = ctx.flat.index_of(function) {
        walk_body_at(ctx, start, visit);
    }
}

/// `walk_body` from the flat-tree index of the function (or body) node.
pub fn walk_body_at<'t>(ctx: &Ctx<'_, 't>, start: u32, mut visit: impl FnMut(u32, Node<'t>)) {
    let functions = function_kinds_of(ctx.language);
    let end = ctx.flat.entry(start).end;
    let mut index = start + 1;
    while index < end {
        let entry = ctx.flat.entry(index);
        visit(index, entry.node);
        index = if functions.holds(ctx.flat, index) {
            entry.end
        } else {
            index + 1
        };
    }
}

/// The file's functions as flat-tree indices in document order, with the Python lambdas
/// `keep` accepts (the pass collects Python's `def`s only).
pub(super) fn function_indices(ctx: &Ctx<'_, '_>, keep: impl Fn(u32) -> bool) -> Vec<u32> {
    let flat = ctx.flat;
    let mut out: Vec<u32> = ctx
        .collected
        .functions
        .iter()
        .filter_map(|f| flat.index_of(*f))
        .collect();
    if ctx.language.family() == crate::lang::Family::Python {
        let lambda = LAMBDA.of(ctx.language);
        out.extend((0..flat.len() as u32).filter(|&i| lambda.holds(flat, i) && keep(i)));
        out.sort_unstable();
    }
    out
}

pub(super) fn function_name<'a>(ctx: &'a Ctx<'_, '_>, function: Node<'_>) -> Option<&'a str> {
    ctx.child(function, "name").map(|n| ctx.text(n))
}

/// How a message names a function: its own name, else the name it is bound to
/// (`const f = () => …`, `{ f: function () … }`, `this.f = …`), else what it is.
pub(super) fn display_name(ctx: &Ctx<'_, '_>, function: Node<'_>) -> String {
    if let Some(name) = function_name(ctx, function) {
        return format!("`{name}`");
    }
    let bound = ctx
        .flat
        .index_of(function)
        .and_then(|index| bound_name(ctx.flat, ctx.source, index));
    match (bound, function.kind()) {
        (Some(name), _) => format!("`{name}`"),
        (None, "arrow_function") => "this arrow function".into(),
        (None, "lambda") => "this lambda".into(),
        (None, "closure_expression") => "this closure".into(),
        (None, _) => "this function".into(),
    }
}

/// The name an anonymous function (flat-tree index) is bound to, as written:
/// `const f = () => …`, `{ f: function () … }`, `this.f = …`, a class field.
pub(super) fn bound_name<'s>(
    flat: &FlatTree<'_>,
    source: &'s str,
    function: u32,
) -> Option<&'s str> {
    let parent = flat.parent(function)?;
    let field = match flat.kind(parent) {
        "variable_declarator" => "name",
        "pair" => "key",
        "assignment_expression" | "assignment" => "left",
        "public_field_definition" => "name",
        "field_definition" => "property",
        _ => return None,
    };
    flat.field(parent, field).map(|n| flat.text(n, source))
}

/// Per collected function: (returns, bare, valued), each return counted in its innermost
/// function (functions are collected in document order, so the innermost one containing a
/// return is the last that starts before it and still contains it).
/// The index of the innermost of `functions` (sorted by start) around `node`.
pub(super) fn owner(functions: &[Node<'_>], node: Node<'_>) -> Option<usize> {
    let before = functions.partition_point(|f| f.start_byte() <= node.start_byte());
    (0..before)
        .rev()
        .find(|&i| functions[i].end_byte() >= node.end_byte())
}

pub(super) fn all_returns<'c>(ctx: &'c Ctx<'_, '_>) -> &'c [(u32, u32, u32)] {
    ctx.returns.get_or_init(|| {
        let functions = &ctx.collected.functions;
        let mut counts = vec![(0, 0, 0); functions.len()];
        for ret in &ctx.collected.returns {
            if let Some(i) = owner(functions, *ret) {
                let entry: &mut (u32, u32, u32) = &mut counts[i];
                entry.0 += 1;
                if ret.named_child_count() > 0 {
                    entry.2 += 1
                } else {
                    entry.1 += 1
                }
            }
        }
        counts
    })
}
