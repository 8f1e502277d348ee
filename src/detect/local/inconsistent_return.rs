//! `inconsistent-return`: functions that return a value on some paths and nothing on
//! others.

use tree_sitter::Node;

use crate::detect::local::functions::{display_name, hit};
use crate::detect::local::{Ctx, Hit};

use crate::detect::local::functions::{all_returns, function_name, owner, walk_body};

pub fn inconsistent_return(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    let counts = all_returns(ctx);
    for (index, (function, (_, bare, valued))) in
        ctx.collected.functions.iter().zip(counts).enumerate()
    {
        let (bare, valued) = (*bare, *valued);
        if bare > 0
            && valued > 0
            && !declares_undefined(ctx, *function)
            && !only_hands_on_nothing(ctx, index, counts)
        {
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

/// Every valued return of function `index` is `return f(…)` (or `self.f(…)`, `this.f(…)`)
/// of a function this file defines, under that name, only with bare returns: such a
/// return hands on nothing, as its bare returns do (`return self.delete_model(m)` as an
/// early exit). Or it is `return yield* …`, which finishes a generator with what another
/// one gives (`Effect.gen` code ends so: `if (done) return; return yield* next`).
fn only_hands_on_nothing(ctx: &Ctx<'_, '_>, index: usize, counts: &[(u32, u32, u32)]) -> bool {
    let functions = &ctx.collected.functions;
    ctx.collected
        .returns
        .iter()
        .filter(|ret| ret.named_child_count() > 0 && owner(functions, **ret) == Some(index))
        .all(|ret| {
            ret.named_child(0)
                .is_some_and(|v| v.kind() == "yield_expression")
                || called_name(ctx, *ret).is_some_and(|name| {
                    let mut named = functions
                        .iter()
                        .zip(counts)
                        .filter(|(f, _)| function_name(ctx, **f) == Some(name))
                        .peekable();
                    named.peek().is_some()
                        && named.all(|(f, &(_, _, valued))| {
                            valued == 0 && returns_by_statement(ctx, *f)
                        })
                })
        })
}

/// The name `return f(…)`, `return self.f(…)` or `return this.f(…)` calls.
fn called_name<'a>(ctx: &'a Ctx<'_, '_>, ret: Node<'_>) -> Option<&'a str> {
    let value = ret.named_child(0)?;
    if !matches!(value.kind(), "call" | "call_expression") {
        return None;
    }
    let callee = ctx.child(value, "function")?;
    match callee.kind() {
        "identifier" => Some(ctx.text(callee)),
        "attribute" | "member_expression" => {
            let object = ctx
                .child(callee, "object")
                .map(|o| ctx.text(o))
                .unwrap_or("");
            let name = ctx
                .child(callee, "attribute")
                .or_else(|| ctx.child(callee, "property"))?;
            matches!(object, "self" | "this" | "cls").then(|| ctx.text(name))
        }
        _ => None,
    }
}

/// A function whose value can only come from a `return` statement: a block body, not a
/// generator (which hands back its iterator) nor async (a promise or coroutine).
fn returns_by_statement(ctx: &Ctx<'_, '_>, function: Node<'_>) -> bool {
    let text = ctx.text(function);
    let head = text.split(['(', '{']).next().unwrap_or("");
    let mut yields = false;
    walk_body(ctx, function, |_, node| {
        yields |= matches!(node.kind(), "yield" | "yield_expression");
    });
    function.kind() != "arrow_function" && !head.contains("async") && !head.contains('*') && !yields
}
