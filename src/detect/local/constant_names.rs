//! Whether a name only ever holds constant strings, so a query rule that flags "a
//! non-constant value" (`el.innerHTML = name`) can leave it alone. Read from the syntax of
//! the enclosing function, then of the file when the function does not bind the name.

use crate::lang::Family;
use crate::parse::flat::FlatTree;

use super::enclosing::enclosing_function;

/// Whether `value` is a constant string, or a name that its function (or, when the
/// function does not bind it, the file) binds at least once and only ever to a constant
/// string, and that is no parameter there.
pub(crate) fn bound_to_constants(
    tree: &FlatTree<'_>,
    value: u32,
    source: &str,
    family: Family,
) -> bool {
    if constant_string(tree, value) {
        return true;
    }
    // `with open("/srv/model.pkl", "rb") as f`: the program's own file, at its own path.
    let own_file = |b: u32| {
        matches!(tree.kind(b), "call" | "call_expression")
            && tree.named_children(b).next().is_some_and(|callee| {
                super::taint::tables::of(family).opens_file(tree.text(callee, source))
            })
            && tree.named_children(b).nth(1).is_some_and(|args| {
                tree.named_children(args)
                    .all(|a| constant_argument(tree, a))
            })
    };
    values_bound(tree, value, source, family, &|b| {
        constant_string(tree, b) || own_file(b)
    })
    .is_some_and(|found| !found.is_empty())
}

/// A constant string, given by position or by keyword (`mode="rb"`).
fn constant_argument(tree: &FlatTree<'_>, arg: u32) -> bool {
    match tree.kind(arg) {
        "keyword_argument" => tree
            .named_children(arg)
            .nth(1)
            .is_some_and(|v| constant_string(tree, v)),
        _ => constant_string(tree, arg),
    }
}

/// The text (quotes included) of the constant string `value` is, or that a name its
/// function (or the file) only ever binds to one same constant stands for.
pub(crate) fn constant_value<'s>(
    tree: &FlatTree<'_>,
    value: u32,
    source: &'s str,
    family: Family,
) -> Option<&'s str> {
    if constant_string(tree, value) {
        return Some(tree.text(value, source));
    }
    let found = constants_bound(tree, value, source, family)?;
    let first = tree.text(*found.first()?, source);
    found
        .iter()
        .all(|&c| tree.text(c, source) == first)
        .then_some(first)
}

/// The constant strings the identifier `value` is bound to in its function, or in the file
/// when the function does not bind it; `None` when it is bound to anything else there.
fn constants_bound(
    tree: &FlatTree<'_>,
    value: u32,
    source: &str,
    family: Family,
) -> Option<Vec<u32>> {
    values_bound(tree, value, source, family, &|b| constant_string(tree, b))
}

/// Whether the identifier `value` is a name its function (or the file) binds only to
/// expressions whose text `matches` accepts (`data` after `const data = req.body`).
pub(crate) fn bound_to_matching(
    tree: &FlatTree<'_>,
    value: u32,
    source: &str,
    family: Family,
    matches: &dyn Fn(&str) -> bool,
) -> bool {
    values_bound(tree, value, source, family, &|b| {
        matches(tree.text(b, source))
    })
    .is_some_and(|found| !found.is_empty())
}

/// The object literal the identifier `value` stands for: the one its function (or the file)
/// binds it to, when every binding there is that one literal (`const headers = {…}`).
pub(crate) fn object_bound(
    tree: &FlatTree<'_>,
    value: u32,
    source: &str,
    family: Family,
) -> Option<u32> {
    let found = values_bound(tree, value, source, family, &|b| tree.kind(b) == "object")?;
    match found.as_slice() {
        [object] => Some(*object),
        _ => None,
    }
}

/// What the identifier `value` is bound to in its function, or in the file when the
/// function does not bind it; `None` when a binding there is not `accept`ed.
fn values_bound(
    tree: &FlatTree<'_>,
    value: u32,
    source: &str,
    family: Family,
    accept: &dyn Fn(u32) -> bool,
) -> Option<Vec<u32>> {
    if tree.kind(value) != "identifier" {
        return None;
    }
    let name = tree.text(value, source);
    match enclosing_function(tree, value, family).map(|f| bindings(tree, f, name, source, accept)) {
        Some(Some(found)) if !found.is_empty() => Some(found),
        Some(None) => None,
        _ => bindings(tree, 0, name, source, accept),
    }
}

/// What the subtree at `scope` binds `name` to, or `None` when it binds it to anything
/// `accept` refuses (or takes it as a parameter).
fn bindings(
    tree: &FlatTree<'_>,
    scope: u32,
    name: &str,
    source: &str,
    accept: &dyn Fn(u32) -> bool,
) -> Option<Vec<u32>> {
    let (left, right, value, name_field, pattern) = (
        tree.field_id("left"),
        tree.field_id("right"),
        tree.field_id("value"),
        tree.field_id("name"),
        tree.field_id("pattern"),
    );
    let text = |i: u32| tree.text(i, source);
    let end = if tree.is_empty() {
        0
    } else {
        tree.entry(scope).end
    };
    let mut found = Vec::new();
    for at in scope..end {
        let (target, bound) = match tree.kind(at) {
            "variable_declarator" => (
                tree.child_by_field(at, name_field),
                tree.child_by_field(at, value),
            ),
            // Rust: `let [mut] name = value;`.
            "let_declaration" => (
                tree.child_by_field(at, pattern),
                tree.child_by_field(at, value),
            ),
            // Rust: `const NAME: T = value;`, `static NAME: T = value;`.
            "const_item" | "static_item" => (
                tree.child_by_field(at, name_field),
                tree.child_by_field(at, value),
            ),
            "assignment" | "assignment_expression" => (
                tree.child_by_field(at, left),
                tree.child_by_field(at, right),
            ),
            // Python: `with value as name:`, `except E as name:`.
            "as_pattern" => {
                let mut parts = tree.named_children(at);
                let bound = parts.next();
                (
                    parts.next().and_then(|t| tree.named_children(t).next()),
                    bound,
                )
            }
            "augmented_assignment" | "augmented_assignment_expression" => {
                if tree
                    .child_by_field(at, left)
                    .is_some_and(|l| text(l) == name)
                {
                    return None;
                }
                continue;
            }
            "formal_parameters" | "parameters" | "lambda_parameters" => {
                let end = tree.entry(at).end;
                if (at..end).any(|p| tree.kind(p) == "identifier" && text(p) == name) {
                    return None;
                }
                continue;
            }
            _ => continue,
        };
        if !target.is_some_and(|t| tree.kind(t) == "identifier" && text(t) == name) {
            continue;
        }
        match bound {
            Some(b) if accept(b) => found.push(b),
            // `let name;` binds nothing yet.
            None if matches!(tree.kind(at), "variable_declarator" | "let_declaration") => {}
            _ => return None,
        }
    }
    Some(found)
}

/// A string literal with nothing interpolated.
pub(crate) fn constant_string(tree: &FlatTree<'_>, node: u32) -> bool {
    matches!(
        tree.kind(node),
        "string" | "string_literal" | "template_string"
    ) && !(node..tree.entry(node).end)
        .any(|n| matches!(tree.kind(n), "interpolation" | "template_substitution"))
}
