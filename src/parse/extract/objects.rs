//! An object literal bound to a name (`const api = { get, post: send, ...helpers, run() {} }`)
//! as the namespace it is: each entry written as `key=path` (a shorthand or a property
//! holding a name), `...path` (a spread) or `key()` (a method written in place), joined by
//! commas. Other entries (computed keys, values that are not names) are left out, and so
//! is an object whose name is annotated with a type: that type is what it is, as a type
//! checker says.

use tree_sitter::Node;

/// Most entries kept of one object.
const MAX_ENTRIES: usize = 64;

/// The entries of `object`, or `None` when it has none this can follow.
pub(super) fn entries(object: Node<'_>, source: &str) -> Option<String> {
    let text = |n: Node<'_>| source.get(n.byte_range()).unwrap_or("");
    let mut out: Vec<String> = Vec::new();
    let mut cursor = object.walk();
    for entry in object.named_children(&mut cursor) {
        if out.len() == MAX_ENTRIES {
            break;
        }
        let path = |n: Node<'_>| matches!(n.kind(), "identifier" | "member_expression");
        match entry.kind() {
            "shorthand_property_identifier" => {
                let name = text(entry);
                out.push(format!("{name}={name}"));
            }
            "pair" => {
                let (Some(key), Some(value)) = (
                    entry.child_by_field_name("key"),
                    entry.child_by_field_name("value"),
                ) else {
                    continue;
                };
                if key.kind() == "property_identifier" && path(value) {
                    out.push(format!("{}={}", text(key), text(value)));
                }
            }
            "spread_element" => {
                if let Some(value) = entry.named_child(0).filter(|&v| path(v)) {
                    out.push(format!("...{}", text(value)));
                }
            }
            "method_definition" => {
                if let Some(key) = entry
                    .child_by_field_name("name")
                    .filter(|k| k.kind() == "property_identifier")
                {
                    out.push(format!("{}()", text(key)));
                }
            }
            _ => {}
        }
    }
    (!out.is_empty()).then(|| out.join(","))
}
