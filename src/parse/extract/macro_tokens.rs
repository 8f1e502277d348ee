//! Calls written inside a Rust macro's tokens, which the grammar leaves unparsed: the
//! receiver or path before a call's name (`tri!(self.de.read.next())`), calls whose name
//! carries a turbofish (`assert!(from_str::<T>(s).is_err())`), and a path call's first
//! argument.

use tree_sitter::Node;

use super::{Ctx, MAX_RECEIVER, short_expression};

/// Most tokens a turbofish, or a call chain, is read back over from its end.
const MAX_WALK: usize = 64;
use crate::lang::LangId;
use crate::parse::flat::FlatTree;

/// A call inside a macro's tokens (`x.f(…)`, `a::f(…)`): the receiver or path written
/// before its name, which the query cannot see. `None` when the call is not in tokens.
pub(super) fn macro_call_path(ctx: &Ctx<'_>, args: Node<'_>, name: Node<'_>) -> Option<MacroPath> {
    if ctx.lang != LangId::Rust || args.kind() != "token_tree" {
        return None;
    }
    let flat = ctx.flat;
    let name_at = flat.index_of(name)?;
    let Some(joint) = flat.prev_sibling(name_at) else {
        return Some((None, None));
    };
    let receiver = match flat.kind(joint) {
        "." => true,
        "::" => false,
        _ => return Some((None, None)),
    };
    let Some(before) = flat.prev_sibling(joint) else {
        return Some((None, None));
    };
    // What comes before the `.` or `::` is the receiver or path when it is a chain of
    // names (`self.de.read`, `de::Error`, `Content::<E>` read as `Content`); when it is
    // anything else (`parser(x).parse()`) it is kept as written, so the call stays a
    // method or path call of unknown owner rather than a call of whatever bare function
    // has the name.
    let separator = flat.kind(joint);
    let mut segments: Vec<&str> = Vec::new();
    let mut at = Some(before);
    while let Some(mut token) = at {
        if !receiver && flat.kind(token) == ">" {
            match turbofish_owner(flat, token) {
                Some(owner) => token = owner,
                None => break,
            }
        }
        if !matches!(flat.kind(token), "identifier" | "self" | "super" | "crate") {
            break;
        }
        segments.push(ctx.text(flat.entry(token).node));
        at = flat
            .prev_sibling(token)
            .filter(|&sep| flat.kind(sep) == separator)
            .and_then(|sep| flat.prev_sibling(sep));
    }
    let text = if segments.is_empty() {
        // A call's result (`parser(x).parse()`, `Builder::new().build().run()`): the whole
        // chain as written, which resolution can type by what its calls return.
        let start = chain_start(ctx, before).unwrap_or(before);
        let (from, to) = (flat.entry(start).node, flat.entry(before).node);
        short_expression(
            ctx.source
                .get(from.start_byte()..to.end_byte())
                .unwrap_or(""),
        )
    } else {
        segments.reverse();
        short_expression(&segments.join(separator))
    };
    Some(if receiver {
        (Some(text), None)
    } else {
        (None, Some(text))
    })
}

/// Whether `name` is called with token tree `args`: right before it, or before its
/// turbofish. (A query's anchor skips unnamed tokens, so `a > (b)` would match too.)
pub(super) fn names_call(ctx: &Ctx<'_>, args: Node<'_>, name: Node<'_>) -> bool {
    let flat = ctx.flat;
    let (Some(args), Some(name)) = (flat.index_of(args), flat.index_of(name)) else {
        return false;
    };
    match flat.prev_sibling(args) {
        Some(before) if before == name => true,
        Some(before) if matches!(flat.kind(before), ">" | ">>") => {
            turbofish_owner(flat, before) == Some(name)
        }
        _ => false,
    }
}

/// Where the call chain whose last arguments are token tree `args` starts (`a.b(x).c(y)`,
/// `Type::new().build()`, `f::<T>(x)`), if `args` ends one.
fn chain_start(ctx: &Ctx<'_>, args: u32) -> Option<u32> {
    let flat = ctx.flat;
    let is_name = |at: u32| matches!(flat.kind(at), "identifier" | "self" | "crate" | "super");
    let is_args =
        |at: u32| flat.kind(at) == "token_tree" && ctx.text(flat.entry(at).node).starts_with('(');
    if !is_args(args) {
        return None;
    }
    let end = flat.entry(args).node.end_byte();
    // A chain longer than a receiver is kept is of no use to read back.
    let too_long = |at: u32| end - flat.entry(at).node.start_byte() > MAX_RECEIVER;
    let mut start = args;
    for _ in 0..MAX_WALK {
        if too_long(start) {
            return None;
        }
        if is_args(start) {
            let callee = flat.prev_sibling(start)?;
            start = match flat.kind(callee) {
                ">" | ">>" => turbofish_owner(flat, callee)?,
                _ if is_name(callee) => callee,
                _ => return None,
            };
            if !is_name(start) {
                return None;
            }
        }
        let Some(joint) = flat.prev_sibling(start) else {
            return Some(start);
        };
        let Some(before) = flat
            .prev_sibling(joint)
            .filter(|_| matches!(flat.kind(joint), "." | "::"))
        else {
            return Some(start);
        };
        if !(is_name(before) || is_args(before)) {
            return Some(start);
        }
        start = before;
    }
    None
}

/// For the `>` closing a turbofish in macro tokens (`Content::<M::Error>`), the name
/// the generics are given to.
fn turbofish_owner(flat: &FlatTree<'_>, close: u32) -> Option<u32> {
    let mut depth = 0i32;
    let mut at = close;
    for step in 0.. {
        // Every `(…)` after a `>` asks: unbounded, `a > (b) > (c) …` would be quadratic.
        if step == MAX_WALK {
            return None;
        }
        match flat.kind(at) {
            ">" => depth += 1,
            ">>" => depth += 2,
            "<" => depth -= 1,
            "<<" => depth -= 2,
            _ => {}
        }
        if depth <= 0 {
            break;
        }
        at = flat.prev_sibling(at)?;
    }
    let colons = flat.prev_sibling(at)?;
    (depth == 0 && flat.kind(colons) == "::").then_some(())?;
    flat.prev_sibling(colons)
}

/// The receiver or path of a call in a macro's tokens, as written.
type MacroPath = (Option<String>, Option<String>);

/// The first argument of a call, borrowed or not, where it is a name or a field chain
/// (`&mut self.inner` → `self.inner`): what a receiver's typing can read. A dereference
/// (`&**self`) names another type, so it is no such argument.
pub(super) fn first_argument(ctx: &Ctx<'_>, call: Node<'_>) -> Option<String> {
    let arguments = call.child_by_field_name("arguments")?;
    let first = arguments.named_child(0)?;
    let text = ctx.text(first).trim_start_matches('&');
    let text = text.strip_prefix("mut ").unwrap_or(text).trim_start();
    let path_like = text.len() <= MAX_RECEIVER
        && text.split('.').all(|part| {
            part.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        });
    path_like.then(|| text.to_string())
}

/// Calls in macro tokens whose name takes a turbofish (`from_str::<T>(s)`,
/// `x.into_float::<f32>()`), which the query's pattern (arguments right after the name)
/// cannot see: (name, arguments) of each `(…)` that follows the `>` closing one.
pub(super) fn turbofish_calls<'t>(ctx: &Ctx<'t>) -> Vec<(Node<'t>, Node<'t>)> {
    let flat = ctx.flat;
    if ctx.lang != LangId::Rust || !ctx.source.contains("::<") {
        return Vec::new();
    }
    let mut found = Vec::new();
    for index in 0..flat.len() as u32 {
        if flat.kind(index) != "token_tree"
            || flat
                .parent(index)
                .is_none_or(|p| flat.kind(p) != "token_tree")
        {
            continue;
        }
        let arguments = flat.entry(index).node;
        let Some(close) = flat.prev_sibling(index) else {
            continue;
        };
        if !matches!(flat.kind(close), ">" | ">>") || !ctx.text(arguments).starts_with('(') {
            continue;
        }
        if let Some(name) = turbofish_owner(flat, close)
            && flat.kind(name) == "identifier"
        {
            found.push((flat.entry(name).node, arguments));
        }
    }
    found
}
