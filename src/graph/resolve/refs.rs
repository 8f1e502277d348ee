//! Which names each file refers to: the identifier tokens of every text resolution looks up
//! on its behalf (callees, receivers, import paths and names, exports, bases, types). A patch
//! may give a file a new name only where no other file refers to that name: then no lookup
//! made for another file can see the difference.

use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use crate::parse::FileFacts;

pub(super) struct Refs {
    by_file: Vec<FxHashSet<Box<str>>>,
    /// Token → how many files refer to it.
    files: FxHashMap<Box<str>, u32>,
}

impl Refs {
    pub(super) fn build(facts: &[Arc<FileFacts>]) -> Refs {
        let by_file: Vec<FxHashSet<Box<str>>> = facts.par_iter().map(|f| tokens(f)).collect();
        let mut files: FxHashMap<Box<str>, u32> = FxHashMap::default();
        for set in &by_file {
            for token in set {
                *files.entry(token.clone()).or_default() += 1;
            }
        }
        Refs { by_file, files }
    }

    /// Whether a file other than `file` refers to `name`.
    pub(super) fn elsewhere(&self, name: &str, file: u32) -> bool {
        let all = self.files.get(name).copied().unwrap_or(0);
        let own = u32::from(
            self.by_file
                .get(file as usize)
                .is_some_and(|s| s.contains(name)),
        );
        all > own
    }

    /// `file` now has these facts.
    pub(super) fn replace(&mut self, file: u32, facts: &FileFacts) {
        let fresh = tokens(facts);
        let Some(slot) = self.by_file.get_mut(file as usize) else {
            return;
        };
        for token in slot.iter() {
            if let Some(count) = self.files.get_mut(token) {
                *count = count.saturating_sub(1);
            }
        }
        for token in &fresh {
            *self.files.entry(token.clone()).or_default() += 1;
        }
        *slot = fresh;
    }
}

fn tokens(facts: &FileFacts) -> FxHashSet<Box<str>> {
    let mut out = FxHashSet::default();
    let mut add = |text: &str| {
        for token in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')) {
            if !token.is_empty() && !out.contains(token) {
                out.insert(token.into());
            }
        }
    };
    for call in &facts.calls {
        add(&call.name);
        call.receiver.as_deref().map(&mut add);
        call.scope.as_deref().map(&mut add);
    }
    for import in &facts.imports {
        add(&import.path);
        import.name.as_deref().map(&mut add);
        import.alias.as_deref().map(&mut add);
    }
    for export in &facts.exports {
        add(&export.name);
        add(&export.local);
    }
    for inherit in &facts.inherits {
        add(&inherit.base);
    }
    for binding in &facts.bindings {
        add(&binding.type_text);
    }
    for symbol in &facts.symbols {
        symbol.detail.as_deref().map(&mut add);
    }
    out
}
