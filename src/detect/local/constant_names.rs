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
    if tree.kind(value) != "identifier" {
        return false;
    }
    let name = tree.text(value, source);
    let scope = enclosing_function(tree, value, family);
    let in_function = scope.map(|f| bindings(tree, f, name, source));
    match in_function {
        Some(Some(0)) | None => bindings(tree, 0, name, source).is_some_and(|n| n > 0),
        Some(found) => found.is_some_and(|n| n > 0),
    }
}

/// How many times the subtree at `scope` binds `name` to a constant string, or `None` when
/// it binds it to anything else (or takes it as a parameter).
fn bindings(tree: &FlatTree<'_>, scope: u32, name: &str, source: &str) -> Option<u32> {
    let (left, right, value, name_field) = (
        tree.field_id("left"),
        tree.field_id("right"),
        tree.field_id("value"),
        tree.field_id("name"),
    );
    let text = |i: u32| tree.text(i, source);
    let end = if tree.is_empty() {
        0
    } else {
        tree.entry(scope).end
    };
    let mut found = 0;
    for at in scope..end {
        let (target, bound) = match tree.kind(at) {
            "variable_declarator" => (
                tree.child_by_field(at, name_field),
                tree.child_by_field(at, value),
            ),
            "assignment" | "assignment_expression" => (
                tree.child_by_field(at, left),
                tree.child_by_field(at, right),
            ),
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
            Some(b) if constant_string(tree, b) => found += 1,
            // `let name;` binds nothing yet.
            None if tree.kind(at) == "variable_declarator" => {}
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
