//! `floating-promise`: calls to the file's own async functions whose result is dropped.

use rustc_hash::FxHashSet;

use crate::detect::finding::Severity;
use crate::detect::local::enclosing::is_async;
use crate::detect::local::functions::{function_name, hit, walk_body};
use crate::detect::local::{Ctx, Hit};
use crate::lang::Family;

/// Calls to this file's `async` functions whose result is dropped on the floor.
pub fn floating_promise(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    let family = ctx.language.family();
    // A name is async only when every function of that name in the file is: nested test
    // helpers are often called `foo` in one test and `async foo` in the next.
    let mut asyncs: FxHashSet<&str> = FxHashSet::default();
    let mut syncs: FxHashSet<&str> = FxHashSet::default();
    for function in &ctx.collected.functions {
        if let Some(name) = function_name(ctx, *function) {
            if is_async(*function, ctx.source) {
                asyncs.insert(name)
            } else {
                syncs.insert(name)
            };
        }
    }
    asyncs.retain(|name| !syncs.contains(name));
    if asyncs.is_empty() {
        return;
    }
    for function in &ctx.collected.functions {
        walk_body(ctx, *function, |index, node| {
            if ctx.flat.kind(index) != "expression_statement" {
                return;
            }
            let Some(call) = node
                .named_child(0)
                .filter(|c| matches!(c.kind(), "call" | "call_expression"))
            else {
                return;
            };
            let Some(callee) = ctx.child(call, "function") else {
                return;
            };
            let name = match callee.kind() {
                "identifier" => ctx.text(callee),
                "attribute" | "member_expression" => {
                    let object = ctx.child(callee, "object").map(|o| ctx.text(o));
                    if !matches!(object, Some("self" | "this" | "cls")) {
                        return;
                    }
                    ctx.child(callee, "attribute")
                        .or_else(|| ctx.child(callee, "property"))
                        .map_or("", |p| ctx.text(p))
                }
                _ => return,
            };
            if asyncs.contains(name) {
                // A Python coroutine never awaited never runs (a bug); a JavaScript promise
                // runs, but its rejection goes unhandled.
                let (what, severity) = if family == Family::Python {
                    ("coroutine is never awaited, so its body never runs", None)
                } else {
                    (
                        "promise is neither awaited nor handled: a rejection goes unnoticed",
                        Some(Severity::Medium),
                    )
                };
                let mut found = hit(
                    "floating-promise",
                    call,
                    format!("`{name}()` is async: its {what}"),
                );
                found.severity = severity;
                hits.push(found);
            }
        });
    }
}
