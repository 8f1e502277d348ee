//! `inconsistent-return`: functions that return a value on some paths and nothing on
//! others.

use tree_sitter::Node;

use crate::detect::local::functions::{display_name, hit};
use crate::detect::local::{Ctx, Hit};

use crate::detect::local::functions::all_returns;

pub fn inconsistent_return(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    for (function, (_, bare, valued)) in ctx.collected.functions.iter().zip(all_returns(ctx)) {
        let (bare, valued) = (*bare, *valued);
        if bare > 0 && valued > 0 && !declares_undefined(ctx, *function) {
            let name = display_name(ctx, *function);
            hits.push(hit(
                "inconsistent-return",
                *function,
                format!("{name} returns a value on some paths and nothing on others ({valued} with a value, {bare} bare)"),
            ));
        }
    }
}

/// The function says it may return nothing: a declared return type with `undefined` or
/// `void` (TypeScript), or a JSDoc `@return {T|undefined}` just above it. A bare `return`
/// there is the documented "nothing", not an oversight.
fn declares_undefined(ctx: &Ctx<'_, '_>, function: Node<'_>) -> bool {
    let says_nothing = |text: &str| text.contains("undefined") || text.contains("void");
    if ctx
        .child(function, "return_type")
        .is_some_and(|t| says_nothing(ctx.text(t)))
    {
        return true;
    }
    // The JSDoc block above: lines up from the function's first, while they are comment.
    let first = function.start_position().row as u32 + 1;
    (1..first)
        .rev()
        .take(40)
        .map(|line| ctx.line(line).trim())
        .take_while(|l| l.starts_with('*') || l.starts_with("/*") || l.starts_with("//"))
        .any(|l| (l.contains("@return") || l.contains("@returns")) && says_nothing(l))
}
