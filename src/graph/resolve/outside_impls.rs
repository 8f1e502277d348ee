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
//! through its path (`f32::limit()`), by `self` and `Self::` inside such an impl, and on
//! values of that type (`outside_values.rs`). They are keyed by crate and the type's path,
//! so a type of the same name from elsewhere (`std::net::UdpSocket`) is not taken for it.

use crate::graph::model::Resolution;
use crate::graph::resolve::calls::{FileContext, LocalBindings, Receiver};
use crate::graph::resolve::{Resolver, primitives};
use crate::parse::{BindingSource, CallSite, SymbolKind};

/// Roots of the standard library: `core::fmt::Display` is `std::fmt::Display`.
pub(super) const STD_ROOTS: &[&str] = &["std", "core", "alloc"];

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
    pub(super) fn foreign_type_path(
        &self,
        file: u32,
        scope: Option<u32>,
        text: &str,
    ) -> Option<String> {
        let (_, text) = crate::parse::Borrow::split(text);
        let path = self.outside_trait_path(file, scope, text)?;
        let last = path.rsplit("::").next().unwrap_or(&path);
        if path.starts_with("std::") || STD_TYPES.contains(&last) {
            return Some(format!("std::{last}"));
        }
        (path.len() > 1).then_some(path)
    }

    /// The crate a file's code belongs to: its modules' first name.
    pub(super) fn crate_name(&self, file: u32, scope: Option<u32>) -> &str {
        let module = self.home_module(file, scope);
        let name = &self.nodes[module as usize].qualified_name;
        name.split("::").next().unwrap_or(name)
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
    pub(super) fn may_be_foreign_method(&self, file: u32, name: &str) -> bool {
        self.foreign_method_names.contains(name) && !self.std_may_have(file, name)
    }

    /// A name std's own types may well have a method of (`new`, `from`, `len`): a call of
    /// it on an outside type is more likely std's than the project's.
    fn std_may_have(&self, file: u32, name: &str) -> bool {
        self.language(file).spec().builtin_methods.contains(&name)
    }

    /// The methods named as `call` that the caller's crate gives the outside type.
    pub(super) fn foreign_methods(
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
    pub(super) fn foreign_methods_in(
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
