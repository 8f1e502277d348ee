//! `lock-across-await`: in async Rust, a guard of a blocking lock (`std::sync::Mutex`,
//! `RwLock`, parking_lot's) bound to a name and still in scope at a later `.await`
//! (clippy await_holding_lock). Guards of async locks (`lock().await`) are fine.

use crate::detect::local::enclosing::is_async;
use crate::detect::local::{Ctx, Hit};
use crate::lang::Family;
use crate::parse::flat::{FlatTree, KindSet};

static LET: KindSet = KindSet::new(&["let_declaration"]);

pub fn lock_across_await(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    if ctx.language.family() != Family::Rust {
        return;
    }
    let flat = ctx.flat;
    let lets = LET.of(ctx.language);
    for index in 0..flat.len() as u32 {
        if !lets.holds(flat, index) {
            continue;
        }
        let Some(name) = guard_name(ctx, index) else {
            continue;
        };
        if !in_async(ctx, index) {
            continue;
        }
        if let Some(await_at) = await_while_held(ctx, index, &name) {
            let node = flat.entry(await_at).node;
            hits.push(Hit {
                rule: "lock-across-await".into(),
                line: flat.line(await_at),
                end_line: node.end_position().row as u32 + 1,
                column: node.start_position().column as u32 + 1,
                message: format!(
                    "lock guard `{name}` (line {}) is still held at this `.await`: drop it before awaiting, or use an async lock",
                    flat.line(index)
                ),
                severity: None,
                flow: Vec::new(),
                value: None,
                audit: false,
            });
        }
    }
}

/// `let g = m.lock().unwrap();`: the bound name, when the value is a blocking lock's guard.
fn guard_name(ctx: &Ctx<'_, '_>, let_decl: u32) -> Option<String> {
    let flat = ctx.flat;
    let value = flat.text(flat.field(let_decl, "value")?, ctx.source);
    let value: String = value.split_whitespace().collect();
    let mut rest = value.as_str();
    loop {
        let before = rest;
        rest = rest.strip_suffix('?').unwrap_or(rest);
        rest = rest.strip_suffix(".unwrap()").unwrap_or(rest);
        if let Some(at) = rest.rfind(".expect(").filter(|_| rest.ends_with(')')) {
            rest = &rest[..at];
        }
        if rest == before {
            break;
        }
    }
    if !(rest.ends_with(".lock()") || rest.ends_with(".read()") || rest.ends_with(".write()")) {
        return None;
    }
    let pattern = flat.field(let_decl, "pattern")?;
    let name_node = match flat.kind(pattern) {
        "identifier" => pattern,
        "mut_pattern" => flat
            .named_children(pattern)
            .find(|&c| flat.kind(c) == "identifier")?,
        _ => return None,
    };
    let name = flat.text(name_node, ctx.source);
    (name != "_").then(|| name.to_string())
}

/// Inside an `async fn` or `async` block, with no other function in between.
fn in_async(ctx: &Ctx<'_, '_>, index: u32) -> bool {
    let flat = ctx.flat;
    let mut node = flat.parent(index);
    while let Some(at) = node {
        match flat.kind(at) {
            "async_block" => return true,
            "function_item" => return is_async(flat.entry(at).node, ctx.source),
            "closure_expression" => return false,
            _ => node = flat.parent(at),
        }
    }
    false
}

/// The first `.await` after `let_decl` in its block while guard `name` lives (until the
/// block ends or `drop(name)`), not inside a nested closure or async block.
fn await_while_held(ctx: &Ctx<'_, '_>, let_decl: u32, name: &str) -> Option<u32> {
    let flat = ctx.flat;
    let block = flat.parent(let_decl)?;
    for statement in flat.named_children(block).filter(|&s| s > let_decl) {
        if drops(flat, ctx.source, statement, name) {
            return None;
        }
        if let Some(found) = first_await(flat, statement) {
            return Some(found);
        }
    }
    None
}

fn drops(flat: &FlatTree<'_>, source: &str, statement: u32, name: &str) -> bool {
    let text: String = flat.text(statement, source).split_whitespace().collect();
    text.starts_with(&format!("drop({name})"))
        || text.starts_with(&format!("std::mem::drop({name})"))
}

fn first_await(flat: &FlatTree<'_>, statement: u32) -> Option<u32> {
    let end = flat.entry(statement).end;
    let mut index = statement;
    while index < end {
        match flat.kind(index) {
            "await_expression" => return Some(index),
            "closure_expression" | "async_block" | "function_item" => {
                index = flat.entry(index).end;
            }
            _ => index += 1,
        }
    }
    None
}
