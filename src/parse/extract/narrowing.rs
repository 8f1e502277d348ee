//! The class an `instanceof` test narrows a call's receiver to (TypeScript/JavaScript):
//! `if (x instanceof C) { x.m() }`, `x instanceof C && x.m()`, `x instanceof C ? x.m() : …`.
//! Resolution types such a receiver by that class rather than by what `x` was declared as.

use crate::parse::flat::FlatTree;

/// Tests joined by `&&` read at most this deep.
const MAX_DEPTH: u32 = 8;

/// What the innermost `instanceof` test on `receiver` that holds where `call` runs names,
/// within the function around the call.
pub(super) fn narrowed(
    flat: &FlatTree<'_>,
    source: &str,
    call: u32,
    receiver: &str,
) -> Option<String> {
    let mut child = call;
    while let Some(parent) = flat.parent(child) {
        let kind = flat.kind(parent);
        if kind.contains("function") || kind.contains("method") || kind.contains("class") {
            return None;
        }
        let (test, branch) = match kind {
            "if_statement" | "ternary_expression" => (
                flat.field(parent, "condition"),
                flat.field(parent, "consequence"),
            ),
            "binary_expression" if operator(flat, source, parent) == Some("&&") => {
                (flat.field(parent, "left"), flat.field(parent, "right"))
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
        "binary_expression" => match operator(flat, source, test)? {
            "instanceof" => {
                let left = flat.field(test, "left")?;
                let right = flat.field(test, "right")?;
                let class = flat.text(right, source);
                let plain = class
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.');
                (flat.text(left, source) == receiver && plain).then_some(class)
            }
            "&&" => {
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

fn operator<'s>(flat: &FlatTree<'_>, source: &'s str, binary: u32) -> Option<&'s str> {
    flat.field(binary, "operator")
        .map(|op| flat.text(op, source))
}
