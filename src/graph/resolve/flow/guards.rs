//! What a parameter's annotation lets in (from its callers and from assignments in its
//! function), and a function's declared return type from its `return` statements. A parameter annotated with a
//! class is read, by a type checker and by the reader of the signature, as holding that
//! class; an instance of an unrelated project class reaching it through an
//! over-approximated flow (a helper joining its callers, a container read back whole)
//! would otherwise make calls on it land on same-named methods that cannot run there.
//!
//! Only instances are filtered, and only where the annotation is plain: a project class
//! (a `Protocol` is structural and lets anything in), or a concrete outside type (a
//! builtin such as `str` or `dict`, or a class imported from a library). Abstract and
//! structural outside types (`typing`, `collections.abc`, `Any`, `Callable`), type
//! variables, generics over unknown heads and anything else let everything in.

use std::rc::Rc;

use super::Solver;
use super::values::{Val, Vals};
use crate::graph::resolve::types;

/// A parameter's admission rule.
#[derive(Debug, Clone)]
pub(super) enum Guard {
    /// Instances of these project classes or their subclasses.
    Classes(Rc<[u32]>),
    /// Instances of project classes with an outside base only: from this package (the
    /// annotation's root module), or any for a builtin type (`class Headers(dict)`).
    Outside(Option<Rc<str>>),
}

/// Builtin types no project class is an instance of unless it subclasses them.
const CONCRETE_BUILTINS: &[&str] = &[
    "bool",
    "bytearray",
    "bytes",
    "complex",
    "dict",
    "float",
    "frozenset",
    "int",
    "list",
    "set",
    "str",
    "tuple",
];

/// Outside modules whose types are abstract or structural: a project class can satisfy
/// them without inheriting anything.
const STRUCTURAL_MODULES: &[&str] = &[
    "abc",
    "builtins",
    "collections",
    "contextlib",
    "numbers",
    "os",
    "types",
    "typing",
    "typing_extensions",
];

impl Solver<'_> {
    /// The guard an annotation sets on a parameter or a return, if any.
    pub(super) fn guard_of(&self, file: u32, scope: Option<u32>, text: &str) -> Option<Guard> {
        let members = types::union_members(text);
        let mut classes: Vec<u32> = Vec::new();
        // The outside package the annotation names (`None` for a builtin type).
        let mut outside: Option<Option<Rc<str>>> = None;
        for member in members {
            let member = member.trim().trim_matches(|c| c == '"' || c == '\'');
            let head = member.split('[').next().unwrap_or("").trim();
            if head.is_empty()
                || !head
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
            {
                return None;
            }
            if CONCRETE_BUILTINS.contains(&head) {
                outside = Some(None);
                continue;
            }
            if member.contains('[') {
                return None;
            }
            let found = self.r.resolve_path(file, scope, head);
            if !found.is_empty() {
                if found
                    .iter()
                    .any(|&c| !self.r.is_class(c) || self.r.is_protocol(c))
                {
                    return None;
                }
                classes.extend(found);
                continue;
            }
            match self.concrete_outside(file, scope, head) {
                Some(root) if outside.is_none() => outside = Some(Some(root)),
                // Two outside packages, or one and a builtin: let anything outside in.
                Some(_) => outside = Some(None),
                None => return None,
            }
        }
        match (classes.is_empty(), outside) {
            (false, None) => Some(Guard::Classes(Rc::from(classes))),
            (true, Some(root)) => Some(Guard::Outside(root)),
            // A union of project and outside types: instances of either may come.
            _ => None,
        }
    }

    /// The root package of `name` (dotted) when it is imported from a library that is not
    /// abstract.
    fn concrete_outside(&self, file: u32, scope: Option<u32>, name: &str) -> Option<Rc<str>> {
        let first = name.split('.').next().unwrap_or(name);
        if !self.r.lookup_name(file, scope, first).is_empty() {
            return None;
        }
        let path = self.r.outside_path_of(file, scope, first)?;
        let root = path.split('.').next().unwrap_or("");
        (!root.is_empty() && !STRUCTURAL_MODULES.contains(&root)).then(|| Rc::from(root))
    }

    /// Whether `class` or a project class in its MRO has a base from the outside package
    /// `root`.
    fn based_in(&mut self, class: u32, root: &str) -> bool {
        let mro = self.mro(class);
        mro.iter().any(|&c| {
            let Some((file, symbol)) = self.r.origin[c as usize] else {
                return false;
            };
            let scope = self.r.facts[file as usize].symbols[symbol as usize].parent;
            self.r.facts[file as usize]
                .inherits
                .iter()
                .filter(|i| i.class == symbol)
                .filter_map(|i| {
                    let first = i.base.split(['.', '[', '(']).next()?.trim();
                    self.r.outside_path_of(file, scope, first)
                })
                .any(|path| path.split('.').next() == Some(root))
        })
    }

    /// Adds to the variable at `slot` what its guard (a parameter's or a return's
    /// annotation) lets in.
    pub(super) fn add_guarded(&mut self, slot: u32, vals: &[Val]) {
        let Some(guard) = self.guards.get(&slot).cloned() else {
            self.store.add_at(slot, vals);
            return;
        };
        let admitted: Vals = vals
            .iter()
            .copied()
            .filter(|&v| self.admits(&guard, v))
            .collect();
        self.store.add_at(slot, &admitted);
    }

    /// Whether a guarded variable can hold `val`.
    fn admits(&mut self, guard: &Guard, val: Val) -> bool {
        let Val::Inst(class) = val else {
            return true;
        };
        match guard {
            Guard::Outside(None) => self.external_based.contains_key(&class),
            Guard::Outside(Some(root)) => {
                self.external_based.contains_key(&class) && self.based_in(class, root)
            }
            // A base the project cannot resolve may lead back to an allowed class.
            Guard::Classes(_) if self.external_based.contains_key(&class) => true,
            Guard::Classes(allowed) => {
                let mro = self.mro(class);
                mro.iter().any(|c| allowed.contains(c))
            }
        }
    }
}
