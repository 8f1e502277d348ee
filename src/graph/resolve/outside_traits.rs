//! Rust: a call through the path of a trait from outside the project
//! (`de::Error::custom(…)`, `fmt::Display::fmt(&self.code, f)`,
//! `ser::SerializeSeq::end(self)`) runs the project's implementation for whatever type
//! `Self` is there. The type is read from the first argument where it is a typed name or
//! field chain; otherwise a library's trait with one implementation in the project is taken
//! to mean that one. A standard trait (`Default::default()`, `From::from(x)`) is as often
//! one of std's own types, so it needs the typed argument.

use crate::graph::model::Resolution;
use crate::graph::resolve::Resolver;
use crate::graph::resolve::calls::{FileContext, Receiver};
use crate::parse::CallSite;

/// Roots of the standard library: `core::fmt::Display` is `std::fmt::Display`.
const STD_ROOTS: &[&str] = &["std", "core", "alloc"];

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

impl Resolver {
    /// The path of a trait from outside the project as a file names it, through its imports
    /// (`de::Error` with `use serde::de` is `serde::de::Error`), without type arguments;
    /// `None` for a path into the project.
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
        let named: Vec<(u32, u32)> = impls
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
        if standard || named.len() > 1 {
            return none;
        }
        (vec![named[0].1], Resolution::Interface)
    }
}
