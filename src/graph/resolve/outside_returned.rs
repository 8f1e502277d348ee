//! Rust: receivers known to hold a value of a type from outside the project that names
//! none of ours, whose methods are that type's and never a project method of the same
//! name: what a project function declares it returns (`uncapture(hir).kind()`,
//! `uncapture` returning regex_syntax's `&Hir`), and what a chain of plain method calls
//! on a value declared of such a type gives (`f.debug_list()` on a `&mut Formatter`,
//! then `.finish()`), locals bound to either, and the elements of a collection declared
//! of such a type (`for e in exprs`, `exprs.iter().filter(|e| …)` with `exprs: &[Hir]`).

use crate::graph::resolve::calls::LocalBindings;
use crate::graph::resolve::outside_impls::STD_ROOTS;
use crate::graph::resolve::{Resolver, chains, primitives, types};
use crate::parse::{BindingSource, Borrow, CallSite};

/// Methods whose result type is chosen by the caller (turbofish or inference), which can
/// be a project type whatever the receiver: `s.parse()`, `bytes.into()`.
const CALLER_TYPED: &[&str] = &[
    "collect",
    "default",
    "downcast",
    "downcast_mut",
    "downcast_ref",
    "fold",
    "from",
    "into",
    "parse",
    "product",
    "sum",
    "try_from",
    "try_into",
    "unwrap_or_default",
];

/// How many links a chain from a declared value may have and still be read.
const MAX_LINKS: usize = 8;

impl Resolver {
    /// Whether `receiver` holds a value of an outside type no project method can be called
    /// on by name (see the module's comment).
    pub(super) fn holds_outside_value(
        &self,
        file: u32,
        call: &CallSite,
        receiver: &str,
        locals: &LocalBindings<'_>,
    ) -> bool {
        if chains::is_chain(receiver) {
            return self.chain_is_outside(file, call.caller, receiver, locals);
        }
        let Some(bindings) = self.innermost_bindings(file, call.caller, receiver, locals) else {
            return false;
        };
        !bindings.is_empty()
            && bindings.iter().all(|binding| match binding.source {
                BindingSource::Call if binding.name != chains::head(&binding.type_text) => {
                    let text = &binding.type_text;
                    let chain = if chains::is_chain(text) {
                        text.clone()
                    } else {
                        format!("{text}()")
                    };
                    self.chain_is_outside(file, binding.scope, &chain, locals)
                }
                // Elements are not read for the project's impls on outside types: a name
                // such an impl gives is left to the guess (`for b in bytes { b.as_usize() }`).
                BindingSource::Element | BindingSource::Passed { .. } => {
                    !self.may_be_foreign_method(file, &call.name)
                        && self.elements_outside(file, binding, Some(locals))
                }
                _ => false,
            })
    }

    fn chain_is_outside(
        &self,
        file: u32,
        scope: Option<u32>,
        chain: &str,
        locals: &LocalBindings<'_>,
    ) -> bool {
        let callees = self.last_link_callees(file, scope, chain, locals);
        if !callees.is_empty() {
            return callees.iter().all(|&c| self.returns_outside_type(c));
        }
        self.plain_calls_on_outside(file, scope, chain, locals)
    }

    /// Whether a function declares it returns a type from outside without type arguments
    /// (`&Hir`, `u8`), which could otherwise carry one of ours (`Box<T>` derefs to it).
    fn returns_outside_type(&self, callee: u32) -> bool {
        let (Some(returns), Some((file, symbol))) =
            (self.declared_return(callee), self.origin[callee as usize])
        else {
            return false;
        };
        let (_, bare) = Borrow::split(returns);
        let bare = bare.trim();
        if bare.is_empty() || bare.contains(['<', '(', '[', ' ']) || bare == "Self" {
            return false;
        }
        self.outside_type_named(file, Some(symbol), bare)
    }

    /// Whether `bare` (no borrow, no arguments) is a primitive, or a path whose first
    /// name the file imports from outside or is std's (a type parameter's `F::Output` is
    /// neither), or std's `String`, and no type of ours.
    pub(super) fn outside_type_named(&self, file: u32, scope: Option<u32>, bare: &str) -> bool {
        let head = bare.split("::").next().unwrap_or(bare);
        (primitives::is_primitive(bare)
            || bare == "String"
            || (bare.contains("::") && STD_ROOTS.contains(&head))
            || self.outside_path_of(file, scope, head).is_some())
            && self.resolve_type(file, scope, bare).is_empty()
    }

    /// `f.debug_struct("S").field("a", &self.a).finish()` with `f: &mut Formatter`: a
    /// chain of method calls from a name declared of an outside type without type
    /// arguments, no link choosing its own result type, given a closure or a path, or
    /// named as a method the project gives outside types.
    fn plain_calls_on_outside(
        &self,
        file: u32,
        scope: Option<u32>,
        chain: &str,
        locals: &LocalBindings<'_>,
    ) -> bool {
        let mut text = chain.trim().trim_end_matches('?').trim_end();
        for _ in 0..MAX_LINKS {
            let Some(open) = chains::opening_paren(text) else {
                return self.declared_outside(file, scope, text, locals);
            };
            let arguments = &text[open..];
            let Some((receiver, method)) = text[..open].trim_end().rsplit_once('.') else {
                return false;
            };
            // A project trait's method on the outside type may give one of ours.
            if arguments.contains(['|', ':'])
                || CALLER_TYPED.contains(&method)
                || self.may_be_foreign_method(file, method)
            {
                return false;
            }
            text = receiver.trim_end().trim_end_matches('?').trim_end();
        }
        false
    }

    /// Whether `name` is declared (annotated) only of outside types without type arguments.
    fn declared_outside(
        &self,
        file: u32,
        scope: Option<u32>,
        name: &str,
        locals: &LocalBindings<'_>,
    ) -> bool {
        if !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return false;
        }
        let Some(bindings) = self.innermost_bindings(file, scope, name, locals) else {
            return false;
        };
        !bindings.is_empty()
            && bindings.iter().all(|binding| {
                let (_, bare) = Borrow::split(&binding.type_text);
                // Lifetimes are no type arguments: `Formatter<'_>`.
                let bare = match bare.split_once('<') {
                    Some((head, rest)) if rest.trim_start().starts_with('\'') => head,
                    _ => bare,
                };
                binding.source == BindingSource::Annotation
                    && !bare.contains(['<', '(', '[', ' '])
                    && types::clean(bare).is_some_and(|t| t != "Self")
                    && self.outside_type_named(file, binding.scope, bare)
            })
    }
}
