//! Names what a call that found nothing in the project calls outside it: a builtin of the
//! language or a library function, by the path the code imports it from. Only what the
//! call names through an import, a builtin or a static path is named here; Python's value
//! flow names the rest (`calls.rs` puts the two together).

use crate::graph::model::{OutsideCallee, OutsideKind, Resolution};
use crate::graph::resolve::Resolver;
use crate::graph::resolve::calls::FileContext;
use crate::graph::resolve::flow::CallOutcome;
use crate::lang::Family;
use crate::parse::{CallSite, ImportKind};

/// JavaScript's global functions and objects, callable without an import.
const ECMA_GLOBALS: &[&str] = &[
    "AbortController",
    "Array",
    "ArrayBuffer",
    "BigInt",
    "Blob",
    "Boolean",
    "Buffer",
    "DataView",
    "Date",
    "Error",
    "EvalError",
    "Float32Array",
    "Float64Array",
    "FormData",
    "Headers",
    "Int16Array",
    "Int32Array",
    "Int8Array",
    "Intl",
    "JSON",
    "Map",
    "Math",
    "Number",
    "Object",
    "Promise",
    "Proxy",
    "RangeError",
    "ReferenceError",
    "Reflect",
    "RegExp",
    "Request",
    "Response",
    "Set",
    "String",
    "Symbol",
    "SyntaxError",
    "TextDecoder",
    "TextEncoder",
    "TypeError",
    "URIError",
    "URL",
    "URLSearchParams",
    "Uint16Array",
    "Uint32Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "WeakMap",
    "WeakRef",
    "WeakSet",
    "Worker",
    "alert",
    "atob",
    "btoa",
    "cancelAnimationFrame",
    "clearImmediate",
    "clearInterval",
    "clearTimeout",
    "confirm",
    "console",
    "crypto",
    "decodeURI",
    "decodeURIComponent",
    "document",
    "encodeURI",
    "encodeURIComponent",
    "eval",
    "fetch",
    "globalThis",
    "history",
    "isFinite",
    "isNaN",
    "localStorage",
    "location",
    "navigator",
    "parseFloat",
    "parseInt",
    "performance",
    "process",
    "queueMicrotask",
    "requestAnimationFrame",
    "require",
    "sessionStorage",
    "setImmediate",
    "setInterval",
    "setTimeout",
    "structuredClone",
    "window",
];

/// Rust's prelude: names usable without a `use`, by their path in `std`.
const RUST_PRELUDE: &[(&str, &str)] = &[
    ("Box", "std::boxed::Box"),
    ("Clone", "std::clone::Clone"),
    ("Default", "std::default::Default"),
    ("From", "std::convert::From"),
    ("Into", "std::convert::Into"),
    ("Iterator", "std::iter::Iterator"),
    ("Option", "std::option::Option"),
    ("Result", "std::result::Result"),
    ("String", "std::string::String"),
    ("ToOwned", "std::borrow::ToOwned"),
    ("ToString", "std::string::ToString"),
    ("TryFrom", "std::convert::TryFrom"),
    ("TryInto", "std::convert::TryInto"),
    ("Vec", "std::vec::Vec"),
    ("drop", "std::mem::drop"),
];

/// Rust's primitive types: their associated functions (`u32::from_str_radix`) are std's.
const RUST_PRIMITIVES: &[&str] = &[
    "bool", "char", "f32", "f64", "i128", "i16", "i32", "i64", "i8", "isize", "str", "u128", "u16",
    "u32", "u64", "u8", "usize",
];

impl Resolver {
    /// What a call that reached no project target calls outside the project, as far as its
    /// text and the file's imports name it. A name the project binds around the call (a
    /// definition, parameter or local) names nothing outside.
    pub(super) fn outside_by_name(
        &self,
        file: u32,
        call: &CallSite,
        context: &FileContext<'_>,
    ) -> Option<OutsideCallee> {
        let family = self.family(file);
        let sep = if family == Family::Rust { "::" } else { "." };
        let prefix = match (&call.scope, &call.receiver) {
            (Some(scope), _) => Some(scope.as_str()),
            (None, Some(receiver)) => Some(receiver.as_str()),
            (None, None) => None,
        };
        let (first, rest) = match prefix {
            Some(text) => {
                if text.contains(['(', '[', ' ', '\n', '"', '\'', '<']) {
                    return None;
                }
                let mut segments = text.split(sep);
                let first = segments.next()?;
                let mut rest: Vec<&str> = segments.collect();
                rest.push(&call.name);
                (first, rest)
            }
            None => (call.name.as_str(), Vec::new()),
        };
        let module_local = context
            .locals
            .get(&(None, first))
            .is_some_and(|b| b.iter().any(|b| !b.field));
        // A Rust path (`mio::net::TcpStream::from_raw_socket`, `io::Error::new` beside a
        // parameter `io`) names no local.
        let path = family == Family::Rust && call.scope.is_some();
        if module_local
            || (!path && self.names_a_local(file, call.caller, first, context))
            || (call.scope.is_none() && Self::local_at(call, first, context))
            || !self.lookup_name(file, call.caller, first).is_empty()
        {
            return None;
        }
        let (kind, root) = match self.outside_import_path(file, call.caller, first) {
            Some(found) => found,
            None => match builtin_root(family, first) {
                Some(found) => found,
                // A Rust path starts at a crate when no item or module of the project
                // takes its first segment (`serde_json::to_string`).
                None if family == Family::Rust
                    && call.scope.is_some()
                    && !matches!(first, "crate" | "self" | "super")
                    && first.starts_with(|c: char| c.is_ascii_lowercase()) =>
                {
                    (OutsideKind::External, first.to_string())
                }
                None => return None,
            },
        };
        let mut qualified = root;
        for segment in rest {
            qualified.push_str(sep);
            qualified.push_str(segment);
        }
        Some(OutsideCallee {
            kind,
            qualified_name: qualified,
            confidence: Resolution::Direct.confidence(),
        })
    }

    /// What an unresolved call calls outside the project: what value flow found (Python),
    /// else what its text names. Flow's answer keeps the direct tier where the text names
    /// the same thing.
    pub(super) fn outside_callee(
        &self,
        file: u32,
        call: &CallSite,
        context: &FileContext<'_>,
        flow: Option<&CallOutcome>,
    ) -> Option<OutsideCallee> {
        let Some(&first) = flow.and_then(|found| found.externals.first()) else {
            // Where value flow ran, it knows better than the text what a name holds.
            return match self.family(file) {
                Family::Python => None,
                _ => self.outside_by_name(file, call, context),
            };
        };
        let by_name = self.outside_by_name(file, call, context);
        let qualified = self.flow.externals.get(first as usize)?;
        if qualified.starts_with('.') {
            // A relative import the project does not hold.
            return by_name;
        }
        if by_name
            .as_ref()
            .is_some_and(|named| named.qualified_name == *qualified)
        {
            return by_name;
        }
        Some(OutsideCallee {
            kind: if qualified.starts_with("builtins.") {
                OutsideKind::Builtin
            } else {
                OutsideKind::External
            },
            qualified_name: qualified.clone(),
            confidence: Resolution::Flow.confidence(),
        })
    }

    /// The outside path an imported name stands for (`t` → `typing`, `CoreSchema` →
    /// `pydantic_core.CoreSchema`), when the import leads outside the project.
    pub(super) fn outside_path_of(
        &self,
        file: u32,
        scope: Option<u32>,
        name: &str,
    ) -> Option<String> {
        self.outside_import_path(file, scope, name)
            .map(|(_, path)| path)
    }

    /// The import that binds `name` where the call is, when it comes from outside the
    /// project: its kind and the path it names.
    fn outside_import_path(
        &self,
        file: u32,
        caller: Option<u32>,
        name: &str,
    ) -> Option<(OutsideKind, String)> {
        let home = self.home_module(file, caller);
        let refs = self.bindings.get(&home)?.get(name)?;
        let &(import_file, index) = refs.first()?;
        if refs
            .iter()
            .any(|&(f, i)| !self.import_source(f, i).is_empty())
        {
            return None;
        }
        let import = &self.facts[import_file as usize].imports[index as usize];
        let family = self.family(import_file);
        let path = import.path.as_str();
        let project_relative = match family {
            Family::Python => path.starts_with('.'),
            Family::Ecma => path.starts_with('.') || path.starts_with('/'),
            Family::Rust => matches!(
                path.split("::").next(),
                Some("crate" | "self" | "super" | "")
            ),
        };
        if project_relative {
            return None;
        }
        let sep = if family == Family::Rust { "::" } else { "." };
        let path = path.strip_prefix("node:").unwrap_or(path);
        let qualified = match (import.kind, import.name.as_deref()) {
            (ImportKind::Member, Some(member)) if !path.is_empty() => {
                format!("{path}{sep}{member}")
            }
            (ImportKind::Member, Some(member)) => member.to_string(),
            (ImportKind::Module, _) if family == Family::Python && import.alias.is_none() => {
                name.to_string()
            }
            _ => path.to_string(),
        };
        let root = qualified.split(sep).next().unwrap_or_default();
        let kind = if family == Family::Rust && matches!(root, "std" | "core" | "alloc") {
            OutsideKind::Builtin
        } else {
            OutsideKind::External
        };
        Some((kind, qualified))
    }
}

/// Whether `name` is one of JavaScript's globals (`Object`, `Math`, `JSON`).
pub(super) fn is_ecma_global(name: &str) -> bool {
    ECMA_GLOBALS.binary_search(&name).is_ok()
}

/// A name the language provides without an import.
fn builtin_root(family: Family, name: &str) -> Option<(OutsideKind, String)> {
    let path = match family {
        Family::Python => super::flow::is_builtin(name).then(|| format!("builtins.{name}"))?,
        Family::Ecma => is_ecma_global(name).then(|| name.to_string())?,
        Family::Rust => match RUST_PRELUDE.binary_search_by(|(n, _)| n.cmp(&name)) {
            Ok(at) => RUST_PRELUDE[at].1.to_string(),
            Err(_) if matches!(name, "std" | "core" | "alloc") => name.to_string(),
            Err(_) if RUST_PRIMITIVES.contains(&name) => name.to_string(),
            Err(_) => return None,
        },
    };
    Some((OutsideKind::Builtin, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted_for_binary_search() {
        assert!(ECMA_GLOBALS.is_sorted());
        assert!(RUST_PRELUDE.is_sorted_by_key(|(name, _)| *name));
    }
}
