//! The function a name stands for in its file, so a query rule can read the body of a
//! handler passed by name (`addEventListener("message", onMessage)`) as it reads one
//! written in place.

use crate::parse::flat::FlatTree;

/// The definition `name` (an identifier node) names in the file: a function declared with
/// that name, or a function or arrow bound to it (`const onMessage = (e) => …`). The first
/// one in the file wins; a name bound to anything else, or to nothing here, has none.
pub(crate) fn function_named(tree: &FlatTree<'_>, name: u32, source: &str) -> Option<u32> {
    if tree.kind(name) != "identifier" {
        return None;
    }
    let wanted = tree.text(name, source);
    let (name_field, value_field) = (tree.field_id("name"), tree.field_id("value"));
    let named = |at: u32| {
        tree.child_by_field(at, name_field)
            .is_some_and(|n| tree.text(n, source) == wanted)
    };
    (0..tree.len() as u32).find_map(|at| match tree.kind(at) {
        "function_declaration"
        | "generator_function_declaration"
        | "function_definition"
        | "function_item"
            if named(at) =>
        {
            Some(at)
        }
        "variable_declarator" if named(at) => tree.child_by_field(at, value_field).filter(|&v| {
            matches!(
                tree.kind(v),
                "arrow_function" | "function_expression" | "function"
            )
        }),
        _ => None,
    })
}
