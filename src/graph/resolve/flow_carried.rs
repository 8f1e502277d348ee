//! What value flow answered for a file's calls, carried over to the file's new facts
//! while the whole program waits to be solved again (`Resolver::patch` with value flow
//! left for later, then `Resolver::settle_flow`): a call keeps the answer of the call
//! spelled the same way at the same place among its like, so a save shows its own
//! calls at once and only what the edit changed waits for the solution.

use rustc_hash::FxHashMap;

use crate::graph::resolve::flow::{CallOutcome, FileOutcome};
use crate::parse::flow::{Expr, ExprId, Flow};

/// How deep a callee's spelling is read (`a.b.c()` is three).
const MAX_DEPTH: u32 = 8;

/// The old outcome's answers for the calls of `new` spelled as in `old`, matched by
/// spelling and order; the rest, and every property read, are left to the solution.
pub(super) fn carried(old: &Flow, outcome: &FileOutcome, new: &Flow) -> FileOutcome {
    let mut answers: FxHashMap<String, Vec<&CallOutcome>> = FxHashMap::default();
    for (call, answer) in old.calls.iter().zip(&outcome.calls) {
        answers
            .entry(spelling(old, call.callee))
            .or_default()
            .push(answer);
    }
    let mut taken: FxHashMap<String, usize> = FxHashMap::default();
    let calls = new
        .calls
        .iter()
        .map(|call| {
            let key = spelling(new, call.callee);
            let nth = taken.entry(key.clone()).or_default();
            let answer = answers
                .get(&key)
                .and_then(|list| list.get(*nth))
                .map(|&a| a.clone())
                .unwrap_or_default();
            *nth += 1;
            answer
        })
        .collect();
    FileOutcome {
        calls,
        reads: Vec::new(),
    }
}

fn spelling(flow: &Flow, expr: ExprId) -> String {
    let mut out = String::new();
    spell(flow, expr, 0, &mut out);
    out
}

fn spell(flow: &Flow, expr: ExprId, depth: u32, out: &mut String) {
    if depth > MAX_DEPTH {
        out.push('…');
        return;
    }
    match flow.exprs.get(expr as usize) {
        Some(Expr::Name(name)) => out.push_str(flow.name(*name)),
        Some(Expr::Attr { object, name, .. }) => {
            spell(flow, *object, depth + 1, out);
            out.push('.');
            out.push_str(flow.name(*name));
        }
        Some(Expr::Call(call)) => {
            if let Some(call) = flow.calls.get(*call as usize) {
                spell(flow, call.callee, depth + 1, out);
            }
            out.push_str("()");
        }
        Some(Expr::Index { object, key, .. }) => {
            spell(flow, *object, depth + 1, out);
            out.push('[');
            out.push_str(flow.name(*key));
            out.push(']');
        }
        Some(other) => out.push_str(&format!("<{}>", variant(other))),
        None => out.push('?'),
    }
}

/// The variant's name only: other expressions are told apart by their order.
fn variant(expr: &Expr) -> &'static str {
    match expr {
        Expr::Name(_) | Expr::Attr { .. } | Expr::Call(_) | Expr::Index { .. } => "",
        Expr::Slice { .. } => "slice",
        Expr::Constant(_) => "constant",
        Expr::Defined(_) => "defined",
        Expr::Lambda { .. } => "lambda",
        Expr::Items(_) => "items",
        Expr::Dict(_) => "dict",
        Expr::Many(_) => "many",
        _ => "other",
    }
}
