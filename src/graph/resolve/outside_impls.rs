//! Rust: the project's impls for things from outside it.
//!
//! A call through the path of a trait from outside the project (`de::Error::custom(…)`,
//! `fmt::Display::fmt(&self.code, f)`, `ser::SerializeSeq::end(self)`) runs the project's
//! implementation for whatever type `Self` is there. The type is read from the first
//! argument where it is a typed name or field chain; otherwise a library's trait with one
//! implementation in the project is taken to mean that one. A standard trait
//! (`Display::fmt(x, f)`) is as often one of std's own types, so it needs the typed
//! argument. A trait function without `self` (`From::from(x)`, `Deserialize::deserialize(d)`)
//! is what the call must produce, which only type inference tells: none is named.
//!
//! Methods the project gives a type from outside (`impl Limits for f32`) are called
//! through its path (`f32::limit()`), on a name declared of that type (`x.twice()`), and
//! by `self` and `Self::` inside such an impl. They are keyed by crate and the type's path,
//! so a type of the same name from elsewhere (`std::net::UdpSocket`) is not taken for it.

use crate::graph::model::Resolution;
use crate::graph::resolve::calls::{FileContext, LocalBindings, Receiver};
use crate::graph::resolve::{Resolver, chains, primitives, types};
use crate::parse::{BindingSource, CallSite, SymbolKind};

/// Roots of the standard library: `core::fmt::Display` is `std::fmt::Display`.
const STD_ROOTS: &[&str] = &["std", "core", "alloc"];

/// std's types most often given methods by a project's traits, named however they are
/// imported (a project may re-export them: `crate::loom::sync::Arc`).
const STD_TYPES: &[&str] = &[
    "Arc", "BTreeMap", "BTreeSet", "Box", "Cell", "Cow", "Duration", "HashMap", "HashSet",
    "Instant", "Mutex", "Option", "Path", "PathBuf", "Pin", "Rc", "RefCell", "Result", "RwLock",
    "String", "Vec", "VecDeque",
];

/// Traits every Rust file may name without importing them.
const PRELUDE: &[&str] = &[
    "AsMut",
    "AsRef",
    "Clone",
    "Debug",
    "Default",
    "Display",
    "Drop",
    "Eq",
    "Extend",
    "Fn",
    "FnMut",
    "FnOnce",
    "From",
    "FromIterator",
    "FromStr",
    "Hash",
    "Into",
    "IntoIterator",
    "Iterator",
    "Ord",
    "PartialEq",
    "PartialOrd",
    "ToOwned",
    "ToString",
    "TryFrom",
    "TryInto",
];

/// Trait functions without a `self` that are called through the trait's path: their
/// `Self` is the type the call must produce (`From::from(w)` makes a `Z` out of a `W`,
/// `Deserialize::deserialize(d)` whatever is expected there), which neither the first
/// argument nor a lone implementation in the project tells.
const CONSTRUCTORS: &[&str] = &[
    "default",
    "deserialize",
    "from",
    "from_iter",
    "from_str",
    "try_from",
];

impl Resolver {
    /// The path of a trait (or type) from outside the project as a file names it, through
    /// its imports (`de::Error` with `use serde::de` is `serde::de::Error`), without type
    /// arguments; `None` for a path from `crate`, `self`, `super` or `Self`.
    pub(super) fn outside_trait_path(
        &self,
        file: u32,
        scope: Option<u32>,
        text: &str,
    ) -> Option<String> {
        let text = text.split('<').next()?.trim().trim_start_matches("::");
        let (first, rest) = match text.split_once("::") {
            Some((first, rest)) => (first, Some(rest)),
            None => (text, None),
        };
        if first.is_empty() || matches!(first, "crate" | "self" | "super" | "Self") {
            return None;
        }
        let head = self
            .outside_path_of(file, scope, first)
            .unwrap_or_else(|| first.to_string());
        let path = match rest {
            Some(rest) => format!("{head}::{rest}"),
            None => head,
        };
        Some(match path.split_once("::") {
            Some((root, tail)) if STD_ROOTS.contains(&root) => format!("std::{tail}"),
            _ => path,
        })
    }

    /// Notes the methods of `impl Trait for Type` where the trait is from outside.
    pub(super) fn note_outside_impl(&mut self, path: String, class: u32, methods: &[u32]) {
        let entry = self.outside_impls.entry(path).or_default();
        entry.extend(methods.iter().map(|&method| (class, method)));
    }

    /// Notes the methods the project gives a type from outside it (`impl Limits for f32`,
    /// `impl Ext for Vec<T>`), by its crate and the type's path.
    pub(super) fn note_foreign_impl(
        &mut self,
        file: u32,
        scope: Option<u32>,
        type_text: &str,
        methods: &[u32],
    ) {
        if let Some(path) = self.foreign_type_path(file, scope, type_text) {
            let key = (self.crate_name(file, scope).into(), path);
            self.foreign_impls
                .entry(key)
                .or_default()
                .extend_from_slice(methods);
            for &method in methods {
                let name = &self.nodes[method as usize].name;
                self.foreign_method_names.insert(name.as_str().into());
            }
        }
    }

    /// The path a type from outside is known by (`mio::net::UnixStream`, `f32`; std's as
    /// `std::` and their last name, however imported: `std::Vec`, `std::Arc`), or `None`
    /// where it is no such type: a path into the project, or a one-letter name, which is
    /// the impl's own type parameter (`impl<R: Read> Read for &mut R`).
    fn foreign_type_path(&self, file: u32, scope: Option<u32>, text: &str) -> Option<String> {
        let (_, text) = crate::parse::Borrow::split(text);
        let path = self.outside_trait_path(file, scope, text)?;
        let last = path.rsplit("::").next().unwrap_or(&path);
        if path.starts_with("std::") || STD_TYPES.contains(&last) {
            return Some(format!("std::{last}"));
        }
        (path.len() > 1).then_some(path)
    }

    /// The crate a file's code belongs to: its modules' first name.
    fn crate_name(&self, file: u32, scope: Option<u32>) -> &str {
        let module = self.home_module(file, scope);
        let name = &self.nodes[module as usize].qualified_name;
        name.split("::").next().unwrap_or(name)
    }

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

    /// `self.f()` and `Self::f()` in an impl for a type from outside (`impl Float for f32`):
    /// the methods the project gives that type.
    pub(super) fn foreign_self_call(&self, file: u32, call: &CallSite) -> Vec<u32> {
        match self.outside_self_type(file, call) {
            Some((scope, name)) if !primitives::inherent(name, &call.name) => {
                self.foreign_methods(file, scope, name, call)
            }
            _ => Vec::new(),
        }
    }

    /// The type `self` is in the caller's impl when that type is from outside the project
    /// (the impl's parent scope and the type as written).
    fn outside_self_type(&self, file: u32, call: &CallSite) -> Option<(Option<u32>, &str)> {
        let (impl_index, name) = self.outside_impl_of(file, call.caller)?;
        Some((
            self.facts[file as usize].symbols[impl_index as usize].parent,
            name,
        ))
    }

    /// The `impl` block around `caller` when it is for a type from outside the project or
    /// a type parameter (`impl Float for f32`, `impl<A: Automaton> Automaton for &A`): its
    /// index and its type's name as written.
    pub(super) fn outside_impl_of(&self, file: u32, caller: Option<u32>) -> Option<(u32, &str)> {
        let facts = &self.facts[file as usize];
        let mut at = caller;
        while let Some(index) = at {
            let symbol = &facts.symbols[index as usize];
            if symbol.kind == SymbolKind::Impl {
                if self.impl_class.contains_key(&(file, index)) {
                    return None;
                }
                return Some((index, &symbol.name));
            }
            if symbol.kind.is_class_like() {
                return None;
            }
            at = symbol.parent;
        }
        None
    }

    /// Whether a method call on `receiver` runs std's own method of a primitive type
    /// (`self.to_bits()` in `impl Float for f32`, `x.count_ones()` for `x: u8`), which no
    /// project method of the same name is.
    pub(super) fn runs_primitive_method(
        &self,
        file: u32,
        call: &CallSite,
        receiver: &str,
        locals: &LocalBindings<'_>,
    ) -> bool {
        if receiver == "self" {
            return self
                .outside_self_type(file, call)
                .is_some_and(|(_, name)| primitives::inherent(name, &call.name));
        }
        self.innermost_bindings(file, call.caller, receiver, locals)
            .is_some_and(|bindings| {
                bindings.iter().any(|binding| {
                    binding.source == BindingSource::Annotation
                        && primitives::inherent(&binding.type_text, &call.name)
                })
            })
    }

    /// `f32::limit()`, `String::ext()`, `<f32 as Limits>::limit()`: the methods of that
    /// name the project gives the outside type (those of the named trait's impl, if the
    /// path names one).
    pub(super) fn foreign_type_call(&self, file: u32, call: &CallSite, scope: &str) -> Vec<u32> {
        if !self.may_be_foreign_method(file, &call.name) {
            return Vec::new();
        }
        let (type_text, trait_text) = match scope
            .strip_prefix('<')
            .and_then(|s| s.strip_suffix('>'))
            .and_then(|s| s.split_once(" as "))
        {
            Some((ty, tr)) => (ty, Some(tr)),
            None => (scope, None),
        };
        // `Vec::f()`: std's own (inherent) methods, which we do not know, come first;
        // a primitive's we do know (`f32::from_bits`).
        if trait_text.is_none()
            && (primitives::inherent(type_text, &call.name)
                || self
                    .foreign_type_path(file, call.caller, type_text)
                    .is_some_and(|path| path.starts_with("std::")))
        {
            return Vec::new();
        }
        let mut found = self.foreign_methods(file, call.caller, type_text, call);
        if let Some(trait_text) = trait_text {
            let traits = self.resolve_type(file, call.caller, trait_text);
            let of_trait: Vec<u32> = found
                .iter()
                .copied()
                .filter(|&m| {
                    self.trait_of_impl_method(m)
                        .is_some_and(|t| traits.contains(&t))
                })
                .collect();
            if !of_trait.is_empty() {
                found = of_trait;
            }
        }
        found
    }

    /// Whether a call of `name` may reach a method the project gives an outside type.
    fn may_be_foreign_method(&self, file: u32, name: &str) -> bool {
        self.foreign_method_names.contains(name) && !self.std_may_have(file, name)
    }

    /// A name std's own types may well have a method of (`new`, `from`, `len`): a call of
    /// it on an outside type is more likely std's than the project's.
    fn std_may_have(&self, file: u32, name: &str) -> bool {
        self.language(file).spec().builtin_methods.contains(&name)
    }

    /// The methods named as `call` that the caller's crate gives the outside type.
    fn foreign_methods(
        &self,
        file: u32,
        scope: Option<u32>,
        type_text: &str,
        call: &CallSite,
    ) -> Vec<u32> {
        let krate = self.crate_name(file, call.caller);
        self.foreign_methods_in(krate, file, scope, type_text, &call.name)
    }

    /// The methods named `name` that crate `krate` gives the outside type `type_text`, as
    /// written in `file` (where its imports say what it is).
    fn foreign_methods_in(
        &self,
        krate: &str,
        file: u32,
        scope: Option<u32>,
        type_text: &str,
        name: &str,
    ) -> Vec<u32> {
        let Some(path) = self.foreign_type_path(file, scope, type_text) else {
            return Vec::new();
        };
        self.foreign_impls
            .get(&(krate.into(), path))
            .map_or_else(Vec::new, |methods| {
                methods
                    .iter()
                    .copied()
                    .filter(|&m| self.nodes[m as usize].name == name)
                    .collect()
            })
    }

    /// What a call through an outside trait's path reaches in the project (see the module).
    pub(super) fn outside_trait_call(
        &self,
        file: u32,
        call: &CallSite,
        scope: &str,
        context: &FileContext<'_>,
    ) -> (Vec<u32>, Resolution) {
        let none = (Vec::new(), Resolution::Direct);
        let Some(path) = self.outside_trait_path(file, call.caller, scope) else {
            return none;
        };
        let Some(impls) = self.outside_impls.get(&path) else {
            return none;
        };
        if CONSTRUCTORS.contains(&call.name.as_str()) {
            return none;
        }
        let mut named: Vec<(u32, u32)> = impls
            .iter()
            .filter(|(_, method)| self.nodes[*method as usize].name == call.name)
            .copied()
            .collect();
        if named.is_empty() {
            return none;
        }
        let typed = call
            .argument
            .as_deref()
            .map(|argument| self.receiver(file, call.caller, argument, &context.locals));
        if let Some(Receiver::Instance { classes, .. }) = typed {
            let found: Vec<u32> = named
                .iter()
                .filter(|(class, _)| classes.contains(class))
                .map(|&(_, method)| method)
                .collect();
            if !found.is_empty() {
                return (found, Resolution::KnownType);
            }
        }
        // The first argument may be an ordinary one (`de::Error::custom(msg)`): the rest of
        // the module's reasoning holds for a library's trait only.
        let standard = path
            .split_once("::")
            .map_or(PRELUDE.contains(&path.as_str()), |(root, _)| root == "std");
        // A guess at `Self` stays inside the caller's crate.
        let crate_name = self.crate_name(file, call.caller);
        named.retain(|&(_, method)| {
            let name = &self.nodes[method as usize].qualified_name;
            name.split("::").next() == Some(crate_name)
        });
        if standard || named.len() != 1 {
            return none;
        }
        (vec![named[0].1], Resolution::Interface)
    }
}
