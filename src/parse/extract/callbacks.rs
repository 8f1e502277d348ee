//! Where a parameter sits: its place in its function's list, and for an untyped parameter
//! of a function passed as an argument, the call and argument it was passed to, so that
//! resolution can give it the type the callee declares for that argument. The queries
//! leave typed parameters of callbacks out (`!type`).

use tree_sitter::Node;

use crate::parse::flat::FlatTree;

/// Parameter node kinds whose position counts (TypeScript and JavaScript, Rust's, whose
/// `self` is a kind of its own; every parameter of a Rust closure counts).
const PARAMETERS: &[&str] = &["required_parameter", "optional_parameter", "parameter"];

/// The place, `this` not counted, of the parameter of `list` (a `formal_parameters` node)
/// that holds `name`. A cursor over the list's children, since `Node::parent` walks down
/// from the root.
pub(super) fn position(list: Node<'_>, name: Node<'_>) -> Option<u8> {
    let mut cursor = list.walk();
    let mut at = 0u8;
    // A Rust closure's parameters are patterns of any kind (`|x|`, `|&x|`, `|(a, b)|`).
    let closure = list.kind() == "closure_parameters";
    // Of a closure's, `_` too, which the grammar leaves unnamed.
    for parameter in list.children(&mut cursor) {
        let counts = if closure {
            parameter.is_named() || parameter.kind() == "_"
        } else {
            parameter.is_named() && PARAMETERS.contains(&parameter.kind())
        };
        if !counts || parameter.kind() == "comment" {
            continue;
        }
        if parameter.byte_range().contains(&name.start_byte()) {
            return Some(at);
        }
        if !is_this(parameter) {
            at = at.checked_add(1)?;
        }
    }
    None
}

/// For `name`, an untyped parameter of `function` (an arrow or function expression that
/// is an argument of a call or `new`): the callee and (argument, parameter) positions.
pub(super) fn passed<'t>(
    flat: &FlatTree<'t>,
    function: Node<'t>,
    name: Node<'t>,
) -> Option<(Node<'t>, (u8, u8))> {
    let parameter = match function.child_by_field_name("parameters") {
        Some(list) => position(list, name)?,
        // `x => …`: the one parameter.
        None => 0,
    };
    // A closure may be passed by reference (`&|x| …` for a `&dyn Fn`).
    let mut argument_node = function;
    let mut arguments = flat.parent_of(function)?;
    if arguments.kind() == "reference_expression" {
        argument_node = arguments;
        arguments = flat.parent_of(arguments)?;
    }
    let call = flat.parent_of(arguments)?;
    let callee = call
        .child_by_field_name("function")
        .or_else(|| call.child_by_field_name("constructor"))?;
    if !matches!(
        callee.kind(),
        "identifier" | "member_expression" | "field_expression" | "scoped_identifier"
    ) {
        return None;
    }
    let mut cursor = arguments.walk();
    let argument = arguments
        .named_children(&mut cursor)
        .filter(|n| n.kind() != "comment")
        .position(|n| n.id() == argument_node.id())?;
    Some((callee, (u8::try_from(argument).ok()?, parameter)))
}

/// A TypeScript `this` parameter, which states the receiver and takes no argument.
fn is_this(parameter: Node<'_>) -> bool {
    parameter
        .child_by_field_name("pattern")
        .is_some_and(|p| p.kind() == "this")
}
