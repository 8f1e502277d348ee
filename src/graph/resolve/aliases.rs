//! Type aliases read as the types they stand for: Rust's `type OwnedDFA = DFA<Vec<u32>>;`
//! and TypeScript's `type App = Router;`, so a value declared of the alias has the
//! methods of the aliased class.

use crate::graph::resolve::{Resolver, types};
use crate::lang::Family;
use crate::parse::SymbolKind;

/// Aliases of aliases followed before giving up (rustc rejects a cycle; we stop at this).
const MAX_ALIAS_HOPS: usize = 4;

impl Resolver {
    /// Type aliases as what they stand for (`type OwnedDFA = DFA<Vec<u32>>;` is `DFA`,
    /// TypeScript's `type App = Router | Server` is both), a few hops deep. An alias of
    /// anything else (a std type, an object type, `typeof X`) stays itself.
    pub(super) fn through_aliases(&self, found: Vec<u32>) -> Vec<u32> {
        if !found.iter().any(|&n| self.alias_target(n).is_some()) {
            return found;
        }
        let mut at = found;
        for _ in 0..MAX_ALIAS_HOPS {
            let mut moved = false;
            let mut next = Vec::with_capacity(at.len());
            for node in at {
                let targets = self
                    .alias_target(node)
                    .map(|(file, symbol, text)| self.aliased_classes(file, symbol, text))
                    .unwrap_or_default();
                if targets.is_empty() {
                    next.push(node);
                } else {
                    moved = true;
                    next.extend(targets);
                }
            }
            next.sort_unstable();
            next.dedup();
            at = next;
            if !moved {
                break;
            }
        }
        at
    }

    /// The type an alias node stands for, as written, with where it is written.
    fn alias_target(&self, node: u32) -> Option<(u32, u32, &str)> {
        let (file, symbol) = self.origin[node as usize]?;
        let declared = &self.facts[file as usize].symbols[symbol as usize];
        if declared.kind != SymbolKind::TypeAlias {
            return None;
        }
        let text = declared.detail.as_deref()?;
        (!text.trim_start().starts_with("typeof")).then_some((file, symbol, text))
    }

    /// The classes an alias's text names, looked up where the alias is written.
    fn aliased_classes(&self, file: u32, symbol: u32, text: &str) -> Vec<u32> {
        let mut out = Vec::new();
        for member in types::union_members(text) {
            let Some(clean) = types::clean(member) else {
                continue;
            };
            let mut found = self.resolve_path(file, Some(symbol), &clean);
            if self.family(file) == Family::Ecma {
                found = self.module_exports(found);
            }
            out.extend(found.into_iter().filter(|&n| self.is_class(n)));
        }
        out
    }
}
