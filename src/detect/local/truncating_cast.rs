//! `truncating-cast`: an `as` cast in Rust to an integer narrower than the value's type,
//! where the type is known without inference: a parameter or `let` annotated with a
//! primitive integer, a length or count (`usize`, reported from 16 bits down, as clippy's
//! `len() as u32` for indices is common and fits), or a duration's `as_millis`-style
//! `u128` (reported from 32 bits down: they wrap after 49 days).

use rustc_hash::FxHashMap;

use crate::detect::local::functions::hit;
use crate::detect::local::{Ctx, Hit};
use crate::lang::Family;
use crate::parse::flat::{FlatTree, KindSet};

static FUNCTION_ITEM: KindSet = KindSet::new(&["function_item"]);

pub fn truncating_cast(ctx: &Ctx<'_, '_>, hits: &mut Vec<Hit>) {
    if ctx.language.family() != Family::Rust {
        return;
    }
    let flat = ctx.flat;
    let functions = FUNCTION_ITEM.of(ctx.language);
    for at in 0..flat.len() as u32 {
        if functions.holds(flat, at) {
            function(ctx, at, hits);
        }
    }
}

/// The casts in one function's body, outside the functions nested in it (each is visited
/// on its own, with its own parameters).
fn function<'s>(ctx: &Ctx<'s, '_>, function: u32, hits: &mut Vec<Hit>) {
    let flat = ctx.flat;
    let mut typed: FxHashMap<&'s str, u32> = FxHashMap::default();
    if let Some(params) = flat.field(function, "parameters") {
        for param in flat.named_children(params) {
            if flat.kind(param) == "parameter" {
                note_typed(ctx, param, &mut typed);
            }
        }
    }
    let Some(body) = flat.field(function, "body") else {
        return;
    };
    let end = flat.entry(body).end;
    let mut at = body + 1;
    while at < end {
        match flat.kind(at) {
            "function_item" => {
                at = flat.entry(at).end;
                continue;
            }
            "let_declaration" => note_typed(ctx, at, &mut typed),
            "type_cast_expression" => check(ctx, at, &typed, flat.text(body, ctx.source), hits),
            _ => {}
        }
        at += 1;
    }
}

/// `name: u64` (a parameter) or `let name: u64 = …`: the name's width.
fn note_typed<'s>(ctx: &Ctx<'s, '_>, node: u32, typed: &mut FxHashMap<&'s str, u32>) {
    let flat = ctx.flat;
    let (Some(pattern), Some(ty)) = (flat.field(node, "pattern"), flat.field(node, "type")) else {
        return;
    };
    if flat.kind(pattern) != "identifier" {
        return;
    }
    let name = flat.text(pattern, ctx.source);
    match (flat.kind(ty), width(flat.text(ty, ctx.source))) {
        ("primitive_type", Some(bits)) => typed.insert(name, bits),
        // Another type under the same name hides the one before.
        _ => typed.remove(name),
    };
}

fn check(
    ctx: &Ctx<'_, '_>,
    cast: u32,
    typed: &FxHashMap<&str, u32>,
    body: &str,
    hits: &mut Vec<Hit>,
) {
    let flat = ctx.flat;
    let (Some(value), Some(ty)) = (flat.field(cast, "value"), flat.field(cast, "type")) else {
        return;
    };
    let target = flat.text(ty, ctx.source);
    let Some(to) = width(target).filter(|_| flat.kind(ty) == "primitive_type") else {
        return;
    };
    let from = match flat.kind(value) {
        "identifier" => typed.get(flat.text(value, ctx.source)).copied(),
        "call_expression" => called_method(flat, ctx.source, value).and_then(|m| match m {
            "len" | "count" | "capacity" if to <= 16 => Some(64),
            "as_millis" | "as_micros" | "as_nanos" if to <= 32 => Some(128),
            _ => None,
        }),
        _ => None,
    };
    let value = flat.text(value, ctx.source);
    if from.is_none_or(|from| from <= to) || deliberate(body, value, target) {
        return;
    }
    hits.push(hit(
        "truncating-cast",
        flat.entry(cast).node,
        format!(
            "`{value} as {target}` silently drops the high bits when the value does not fit; use `{target}::try_from(…)`"
        ),
    ));
}

/// Whether the function shows that it knows the cast truncates: it compares against the
/// target's bounds (`if max > u8::MAX as usize { … }`) or checks the value's range
/// (`(0..100).contains(&value)`, `value < 60`), takes the value apart bit by bit
/// (`(seed >> 32) as u32` beside `seed as u32`).
fn deliberate(body: &str, value: &str, target: &str) -> bool {
    let bounded = |bound: &str| body.contains(&format!("{target}::{bound}"));
    let used = |op: &str| {
        body.contains(&format!("{value} {op}")) || body.contains(&format!("{value}{op}"))
    };
    bounded("MAX")
        || bounded("MIN")
        || body.contains(&format!("contains(&{value})"))
        || [">>", "&", "%", "<", ">"].iter().any(|op| used(op))
        || body.contains(&format!("< {value}"))
        || body.contains(&format!("> {value}"))
}

/// `x.len()`: the method's name.
fn called_method<'s>(flat: &FlatTree<'_>, source: &'s str, call: u32) -> Option<&'s str> {
    let function = flat.field(call, "function")?;
    if flat.kind(function) != "field_expression" {
        return None;
    }
    Some(flat.text(flat.field(function, "field")?, source))
}

/// The width in bits of a primitive integer type (`usize` as 64: the targets we run on).
fn width(ty: &str) -> Option<u32> {
    Some(match ty {
        "u8" | "i8" => 8,
        "u16" | "i16" => 16,
        "u32" | "i32" => 32,
        "u64" | "i64" | "usize" | "isize" => 64,
        "u128" | "i128" => 128,
        _ => return None,
    })
}
