//! Rust: calls on values of types from outside the project that the project gives methods
//! (`impl U8 for u8`, `impl Automaton for Arc<dyn AcAutomaton>`): a name declared of such a
//! type, a value a project function returns (`self.classes.get(b).as_usize()`), a local
//! bound to one, a field. rustc takes a type's own methods first: a primitive's (a table)
//! and std types' come before the project's impl, and a generic type's impl must fit it.

use crate::graph::resolve::calls::{LocalBindings, Receiver};
use crate::graph::resolve::outside_impls::STD_ROOTS;
use crate::graph::resolve::{Resolver, chains, primitives, types};
use crate::parse::{BindingSource, CallSite};

impl Resolver {
    /// `x.twice()` where `x` is declared of a type from outside that the project gives such a
    /// method (one std's own types do not have).
    pub(super) fn foreign_receiver_call(
        &self,
        file: u32,
        call: &CallSite,
        receiver: &str,
        locals: &LocalBindings<'_>,
    ) -> Vec<u32> {
        if !self.may_be_foreign_method(file, &call.name) {
            return Vec::new();
        }
        let mut found = Vec::new();
        if chains::is_chain(receiver) {
            found = self.foreign_returned(file, call.caller, receiver, call, locals);
        } else if let Some(bindings) = self.innermost_bindings(file, call.caller, receiver, locals)
        {
            for binding in bindings.iter() {
                match binding.source {
                    BindingSource::Annotation => found.extend(self.foreign_methods(
                        file,
                        binding.scope,
                        &binding.type_text,
                        call,
                    )),
                    // `let c = self.classes.get(b)`: what its callee declares it returns.
                    BindingSource::Call if binding.name != chains::head(&binding.type_text) => {
                        let text = &binding.type_text;
                        found.extend(if chains::is_chain(text) {
                            self.foreign_returned(file, binding.scope, text, call, locals)
                        } else {
                            self.foreign_returned(
                                file,
                                binding.scope,
                                &format!("{text}()"),
                                call,
                                locals,
                            )
                        });
                    }
                    _ => {}
                }
            }
        }
        found.sort_unstable();
        found.dedup();
        // The call names the trait's method, which the impl for the outside type runs.
        let declared = self.implemented_declarations(&found, &call.name);
        found.extend(declared);
        found
    }

    /// The methods named as `call` the project gives the outside type a chain's last call
    /// declares it returns (`self.classes.get(b).as_usize()`, `get` returning `u8`).
    fn foreign_returned(
        &self,
        file: u32,
        scope: Option<u32>,
        chain: &str,
        call: &CallSite,
        locals: &LocalBindings<'_>,
    ) -> Vec<u32> {
        let krate = self.crate_name(file, call.caller);
        let mut found = Vec::new();
        for callee in self.last_link_callees(file, scope, chain, locals) {
            let (Some(returns), Some((callee_file, symbol))) =
                (self.declared_return(callee), self.origin[callee as usize])
            else {
                continue;
            };
            let Some(clean) = types::clean(returns) else {
                continue;
            };
            // A primitive's own methods come first; a `Pin` is called through with
            // `self: Pin<&mut Self>` methods, which are its pointee's.
            if types::opaque_in_rust(returns)
                || matches!(clean.as_str(), "Self" | "Pin")
                || primitives::inherent(&clean, &call.name)
            {
                continue;
            }
            // A primitive's other methods, and those of a type without arguments std does
            // not name (a vendor intrinsic, `__m256i`), are the project's; std's own types
            // have methods of their own (`Child::kill`), and a generic one must fit.
            let bare = primitives::is_primitive(&clean)
                || (types::type_arguments(returns).is_empty()
                    && !self
                        .foreign_type_path(callee_file, Some(symbol), returns)
                        .is_some_and(|path| {
                            STD_ROOTS
                                .iter()
                                .any(|root| path.starts_with(&format!("{root}::")))
                                && !path.contains("::arch::")
                        }));
            let methods =
                self.foreign_methods_in(krate, callee_file, Some(symbol), returns, &call.name);
            found.extend(
                methods
                    .into_iter()
                    .filter(|&m| bare || self.impl_fits(m, callee_file, Some(symbol), returns)),
            );
        }
        found
    }

    /// `self.inner.m()` where the field is declared of a type from outside that the
    /// project gives such a method (`aut: Arc<dyn Automaton>` beside `impl Automaton for
    /// Arc<dyn Automaton>`): rustc looks for the method on the field's own type before the
    /// type a pointer leads to, so the project's impl for the pointer is the one called.
    pub(super) fn foreign_field_call(
        &self,
        file: u32,
        call: &CallSite,
        receiver: &str,
        locals: &LocalBindings<'_>,
    ) -> Vec<u32> {
        if !self.may_be_foreign_method(file, &call.name) {
            return Vec::new();
        }
        let Some((owner, field)) = receiver.rsplit_once('.') else {
            return Vec::new();
        };
        let Receiver::Instance { classes, .. } = self.receiver(file, call.caller, owner, locals)
        else {
            return Vec::new();
        };
        let krate = self.crate_name(file, call.caller);
        let mut found = Vec::new();
        for (at, binding) in self.field_bindings(&classes, field) {
            let (scope, text) = (binding.scope, &binding.type_text);
            let methods = self.foreign_methods_in(krate, at, scope, text, &call.name);
            found.extend(
                methods
                    .into_iter()
                    .filter(|&m| self.impl_fits(m, at, scope, text)),
            );
        }
        found.sort_unstable();
        found.dedup();
        // The call names the trait's method, which the pointer's impl then runs.
        let declared = self.implemented_declarations(&found, &call.name);
        found.extend(declared);
        found
    }

    /// Whether the trait impl around `method` (`impl T for Arc<dyn T>`, `impl<P: T> T for
    /// Arc<P>`) can be the one for `type_text`, a generic type declared in `file`: its type
    /// argument implements the impl's trait, or is an object of it or of a trait extending
    /// it. `Arc<Patterns>` is no `Arc<dyn Automaton>`, and rustc goes on to `Patterns`' own
    /// method. (The impl's own type argument is not kept, so `Arc<Dfa>` for a `Dfa`
    /// implementing the trait is taken to fit an impl for `Arc<dyn T>`.)
    fn impl_fits(&self, method: u32, file: u32, scope: Option<u32>, type_text: &str) -> bool {
        let Some((impl_file, block)) = self.trait_impl_block(method) else {
            return false;
        };
        let (_, theirs) = crate::parse::Borrow::split(type_text);
        // A type without arguments (`child: std::process::Child`) has std's own methods,
        // which rustc takes before any trait's: left to the other lookups.
        let Some(argument) = types::type_arguments(theirs).first().copied() else {
            return false;
        };
        let Some(trait_text) = block.detail.as_deref() else {
            return false;
        };
        let traits = self.resolve_type(impl_file, block.parent, trait_text);
        let inner = argument.trim().trim_start_matches("dyn ").trim();
        self.resolve_type(file, scope, inner)
            .into_iter()
            .any(|t| self.mro(t).iter().any(|base| traits.contains(base)))
    }
}
