//! Where a parameter sits: its place in its function's list, and for an untyped parameter
//! of a function passed as an argument, the call and argument it was passed to, so that
//! resolution can give it the type the callee declares for that argument.

use tree_sitter::Node;

/// Parameter node kinds whose position counts (TypeScript and JavaScript).
const PARAMETERS: &[&str] = &["required_parameter", "optional_parameter"];

/// `name`'s place among its function's parameters, `this` not counted; `None` when it is
/// not a parameter's name.
pub(super) fn position(name: Node<'_>) -> Option<u8> {
    let parameter = name.parent()?;
    if !PARAMETERS.contains(&parameter.kind()) {
        return None;
    }
    let list = parameter.parent()?;
    let mut cursor = list.walk();
    let mut at = 0u8;
    for sibling in list.named_children(&mut cursor) {
        if sibling.id() == parameter.id() {
            return Some(at);
        }
        if PARAMETERS.contains(&sibling.kind()) && !is_this(sibling) {
            at = at.checked_add(1)?;
        }
    }
    None
}

/// For `name`, an untyped parameter of `function` (an arrow or function expression that
/// is an argument of a call or `new`): the callee and (argument, parameter) positions.
pub(super) fn passed<'t>(function: Node<'t>, name: Node<'t>) -> Option<(Node<'t>, (u8, u8))> {
    let parameter = if name.parent()?.id() == function.id() {
        // `x => …`: the one parameter.
        0
    } else {
        let declared = name.parent()?;
        if declared.child_by_field_name("type").is_some() {
            return None;
        }
        position(name)?
    };
    let arguments = function.parent()?;
    let call = arguments.parent()?;
    let callee = call
        .child_by_field_name("function")
        .or_else(|| call.child_by_field_name("constructor"))?;
    if !matches!(callee.kind(), "identifier" | "member_expression") {
        return None;
    }
    let mut cursor = arguments.walk();
    let argument = arguments
        .named_children(&mut cursor)
        .filter(|n| n.kind() != "comment")
        .position(|n| n.id() == function.id())?;
    Some((callee, (u8::try_from(argument).ok()?, parameter)))
}

/// A TypeScript `this` parameter, which states the receiver and takes no argument.
fn is_this(parameter: Node<'_>) -> bool {
    parameter
        .child_by_field_name("pattern")
        .is_some_and(|p| p.kind() == "this")
}
