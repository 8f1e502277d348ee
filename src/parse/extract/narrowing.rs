//! The class a type test narrows a call's receiver to: `if (x instanceof C) { x.m() }`,
//! `x instanceof C && x.m()`, `x instanceof C ? x.m() : …` in TypeScript/JavaScript;
//! `if isinstance(x, C): x.m()`, `isinstance(x, C) and x.m()`, `x.m() if isinstance(x, C)
//! else …` in Python. Resolution types such a receiver by that class rather than by what `x`
//! was declared as or holds elsewhere.

use crate::parse::flat::FlatTree;

/// Tests joined by `&&` / `and` read at most this deep.
const MAX_DEPTH: u32 = 8;

/// What the innermost type test on `receiver` that holds where `call` runs names, within
/// the function around the call.
pub(super) fn narrowed(
    flat: &FlatTree<'_>,
    source: &str,
    call: u32,
    receiver: &str,
) -> Option<String> {
    let mut child = call;
    while let Some(parent) = flat.parent(child) {
        let kind = flat.kind(parent);
        if kind.contains("function")
            || kind.contains("method")
            || kind.contains("class")
            || kind == "lambda"
        {
            return None;
        }
        let (test, branch) = match kind {
            "if_statement" | "ternary_expression" => (
                flat.field(parent, "condition"),
                flat.field(parent, "consequence"),
            ),
            "binary_expression" | "boolean_operator"
                if matches!(operator(flat, source, parent), Some("&&" | "and")) =>
            {
                (flat.field(parent, "left"), flat.field(parent, "right"))
            }
            // Python's `value if test else other` names no fields.
            "conditional_expression" => {
                let mut parts = flat.named_children(parent);
                let value = parts.next();
                (parts.next(), value)
            }
            _ => (None, None),
        };
        if branch == Some(child)
            && let Some(test) = test
            && let Some(class) = tested(flat, source, test, receiver, 0)
        {
            return Some(class.to_string());
        }
        child = parent;
    }
    None
}

/// The class `test` shows `receiver` to be an instance of, when it holds.
fn tested<'s>(
    flat: &FlatTree<'_>,
    source: &'s str,
    test: u32,
    receiver: &str,
    depth: u32,
) -> Option<&'s str> {
    if depth > MAX_DEPTH {
        return None;
    }
    match flat.kind(test) {
        "parenthesized_expression" => {
            let inner = flat.named_children(test).next()?;
            tested(flat, source, inner, receiver, depth + 1)
        }
        "call" => isinstance(flat, source, test, receiver),
        "binary_expression" | "boolean_operator" => match operator(flat, source, test)? {
            "instanceof" => {
                let left = flat.field(test, "left")?;
                let right = flat.field(test, "right")?;
                let class = flat.text(right, source);
                (flat.text(left, source) == receiver && is_path(class)).then_some(class)
            }
            "&&" | "and" => {
                let left = flat.field(test, "left")?;
                let right = flat.field(test, "right")?;
                tested(flat, source, left, receiver, depth + 1)
                    .or_else(|| tested(flat, source, right, receiver, depth + 1))
            }
            _ => None,
        },
        _ => None,
    }
}

/// `isinstance(receiver, C)` with one class (a tuple of classes narrows to none of them).
fn isinstance<'s>(
    flat: &FlatTree<'_>,
    source: &'s str,
    call: u32,
    receiver: &str,
) -> Option<&'s str> {
    let function = flat.field(call, "function")?;
    let arguments = flat.field(call, "arguments")?;
    let mut given = flat
        .named_children(arguments)
        .filter(|&a| flat.kind(a) != "comment");
    let (Some(value), Some(class), None) = (given.next(), given.next(), given.next()) else {
        return None;
    };
    let class_text = flat.text(class, source);
    (flat.text(function, source) == "isinstance"
        && flat.text(value, source) == receiver
        && is_path(class_text))
    .then_some(class_text)
}

/// A name or a dotted path (`C`, `models.Model`), not an expression.
fn is_path(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.')
}

fn operator<'s>(flat: &FlatTree<'_>, source: &'s str, binary: u32) -> Option<&'s str> {
    flat.field(binary, "operator")
        .map(|op| flat.text(op, source))
}
