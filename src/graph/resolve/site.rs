//! The line of the call being resolved on this thread, so that a Rust name is read through
//! the bindings in effect there: in the block that binds it, the latest `let` of it.

use std::borrow::Cow;
use std::cell::Cell;

use crate::graph::resolve::chains;
use crate::parse::{Binding, BindingSource};

std::thread_local! {
    static LINE: Cell<Option<u32>> = const { Cell::new(None) };
}

/// A call's line set for this thread while the guard lives.
pub(super) struct Site(Option<u32>);

impl Site {
    pub(super) fn at(line: u32) -> Site {
        Site(LINE.with(|l| l.replace(Some(line))))
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        LINE.with(|l| l.set(self.0));
    }
}

/// Of `bindings` (one name's in one scope), those in effect at the call being resolved:
/// the ones whose lines hold it, and of those the latest declared, as a later `let`
/// shadows an earlier one. A rebinding read through itself (`let input = input.next()?`)
/// keeps the earlier ones, which type it. Without a call (or lines), all of them.
pub(super) fn in_effect<'l, 'b>(bindings: &'l [&'b Binding]) -> Cow<'l, [&'b Binding]> {
    let Some(line) = LINE.with(Cell::get) else {
        return Cow::Borrowed(bindings);
    };
    if bindings.len() < 2 || bindings.iter().all(|b| b.lines.is_none()) {
        return Cow::Borrowed(bindings);
    }
    let holds = |b: &Binding| b.lines.is_none_or(|(from, to)| from <= line && line <= to);
    let visible: Vec<&'b Binding> = bindings.iter().copied().filter(|b| holds(b)).collect();
    let Some(latest) = visible
        .iter()
        .filter_map(|b| b.lines)
        .map(|(from, _)| from)
        .max()
    else {
        return if visible.is_empty() || visible.len() == bindings.len() {
            Cow::Borrowed(bindings)
        } else {
            Cow::Owned(visible)
        };
    };
    let newest: Vec<&'b Binding> = visible
        .iter()
        .copied()
        .filter(|b| b.lines.is_some_and(|(from, _)| from == latest))
        .collect();
    let through_itself = newest
        .iter()
        .all(|b| b.source == BindingSource::Call && chains::head(&b.type_text) == b.name);
    if through_itself {
        Cow::Owned(visible)
    } else {
        Cow::Owned(newest)
    }
}
