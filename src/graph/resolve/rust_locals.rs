//! Rust locals typed by what they are given rather than declared: a `Some(x)` pattern by
//! the `Option` it matches, `let sp = &dfa.special` by the field, `(**self)` by what the
//! dereferences reach; a name bound through itself (`if let Some(d) = d`) by the binding
//! in effect before it.

use crate::graph::resolve::calls::{LocalBindings, Receiver};
use crate::graph::resolve::{Resolver, chains};
use crate::parse::Binding;

/// Most names typed one through another's field (`field_path_type`).
const MAX_FIELD_NESTING: u32 = 3;

impl Resolver {
    /// `(**self).f()`, `(*node).f()`: what the name behind the dereferences holds, through
    /// its trait bound where `self` is an impl's type parameter (`impl<A: Automaton>
    /// Automaton for &A` forwards to `A`'s methods). Rust's autoderef makes the rest the
    /// same as calling on the name itself, except that the exact type is no longer known.
    pub(super) fn dereferenced_receiver(
        &self,
        file: u32,
        caller: Option<u32>,
        inner: &str,
        locals: &LocalBindings<'_>,
    ) -> Receiver {
        if inner == "self" && self.enclosing_class(file, caller).is_none() {
            let classes = self
                .outside_impl_of(file, caller)
                .map(|(index, name)| self.resolve_type(file, Some(index), name))
                .unwrap_or_default();
            return Receiver::some_of(classes);
        }
        match self.receiver(file, caller, inner, locals) {
            Receiver::Instance { classes, .. } => Receiver::Instance {
                classes,
                exact: false,
            },
            other => other,
        }
    }

    /// `if let Some(e) = self.dfa.get(input)`: what the matched `Option` or `Result` holds.
    pub(super) fn unwrapped_type(
        &self,
        file: u32,
        binding: &Binding,
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        let Some(locals) = locals else {
            return Vec::new();
        };
        let (_, matched) = crate::parse::Borrow::split(&binding.type_text);
        let matched = matched.trim();
        // `if let Some(d) = d` reads the `d` bound before it.
        let _before = match read_before(binding, matched) {
            Ok(site) => site,
            Err(()) => return Vec::new(),
        };
        self.held_in_wrapper(file, binding.scope, matched, locals)
    }

    /// `let sp = &dfa.special`: the type of the field.
    pub(super) fn field_path_type(
        &self,
        file: u32,
        binding: &Binding,
        locals: Option<&LocalBindings<'_>>,
    ) -> Vec<u32> {
        // `let node = node.next` reads the `node` bound before it; names given each other's
        // fields (`let a = b.x; let b = a.y;`) are read a few levels deep.
        let _before = match read_before(binding, &binding.type_text) {
            Ok(site) => site,
            Err(()) => return Vec::new(),
        };
        let Some(_nested) = super::contextual::Nesting::enter(MAX_FIELD_NESTING) else {
            return Vec::new();
        };
        let empty = LocalBindings::default();
        match self.receiver(
            file,
            binding.scope,
            &binding.type_text,
            locals.unwrap_or(&empty),
        ) {
            Receiver::Instance { classes, .. } => classes,
            _ => Vec::new(),
        }
    }
}

/// A binding read through its own name (`let d = d.get()`, `if let Some(d) = d`) reads
/// the one in effect just before it: the call site is moved to the line before it while
/// the guard lives. `Err` where the binding has no lines to say where that is.
pub(super) fn read_before(binding: &Binding, text: &str) -> Result<Option<super::site::Site>, ()> {
    if chains::head(text) != binding.name {
        return Ok(None);
    }
    let (from, _) = binding.lines.ok_or(())?;
    Ok(Some(super::site::Site::at(from.saturating_sub(1))))
}

/// Whether a Rust expression is a name's field chain (`dfa.special`, `self.a.b`).
pub(super) fn is_field_path(text: &str) -> bool {
    text.contains('.')
        && !text.starts_with('.')
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
}

/// The name or field chain a Rust receiver dereferences or borrows in parentheses:
/// `(**self)` → `self`, `(*node.next)` → `node.next`, `(&mut x)` → `x`.
pub(super) fn dereferenced(text: &str) -> Option<&str> {
    let inner = text.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
    let mut rest = inner;
    loop {
        let before = rest;
        rest = rest.trim_start_matches(['*', '&']).trim_start();
        rest = rest.strip_prefix("mut ").unwrap_or(rest).trim_start();
        if rest == before {
            break;
        }
    }
    let plain = !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.');
    (rest.len() < inner.len() && plain).then_some(rest)
}
