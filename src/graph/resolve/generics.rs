//! Rust generics as types: a type parameter stands for its first trait bound (`T: Shape`,
//! `where T: Shape`), and an associated type of one (`Tz::Offset`) for the bound its trait
//! declares (`type Offset: Offset;`).

use crate::graph::resolve::{Resolver, types};

impl Resolver {
    /// A Rust generic parameter in scope at `symbol` stands for its first trait bound.
    pub(super) fn generic_bound(&self, file: u32, mut symbol: Option<u32>, name: &str) -> Vec<u32> {
        let facts = &self.facts[file as usize];
        let bounds = self.bounds_of(file);
        loop {
            let bound = bounds
                .get(&(symbol, name.into()))
                .map(|&index| &facts.bindings[index as usize]);
            if let Some(bound) = bound.and_then(|b| types::clean(&b.type_text)) {
                let mut found = self.resolve_path(file, symbol, &bound);
                found.retain(|&n| self.is_class(n));
                return found;
            }
            match symbol {
                Some(index) => symbol = facts.symbols[index as usize].parent,
                None => return Vec::new(),
            }
        }
    }

    pub(super) fn bounds_of(&self, file: u32) -> std::sync::Arc<super::Bounds> {
        let memo = self.bounds.get_or_default();
        if let Some(known) = memo.borrow().get(&file) {
            return known.clone();
        }
        let mut bounds = super::Bounds::default();
        for (index, b) in self.facts[file as usize].bindings.iter().enumerate() {
            if !b.field && b.annotated() {
                bounds
                    .entry((b.scope, b.name.as_str().into()))
                    .or_insert(index as u32);
            }
        }
        let bounds = std::sync::Arc::new(bounds);
        memo.borrow_mut().insert(file, bounds.clone());
        bounds
    }

    /// `Tz::Offset` for a type parameter `Tz: TimeZone` whose trait declares `type Offset:
    /// Offset`: the associated type stands for its first bound, as the parameter does.
    pub(super) fn associated_bound(&self, file: u32, symbol: Option<u32>, path: &str) -> Vec<u32> {
        let Some((parameter, name)) = path.split_once("::") else {
            return Vec::new();
        };
        if name.contains("::") || parameter == "Self" {
            return Vec::new();
        }
        let mut out = Vec::new();
        for owner in self.generic_bound(file, symbol, parameter) {
            let Some((trait_file, trait_symbol)) = self.origin[owner as usize] else {
                continue;
            };
            let bounds = self.bounds_of(trait_file);
            let Some(&index) = bounds.get(&(Some(trait_symbol), name.into())) else {
                continue;
            };
            let bound = &self.facts[trait_file as usize].bindings[index as usize];
            if let Some(bound) = types::clean(&bound.type_text) {
                let mut found = self.resolve_path(trait_file, Some(trait_symbol), &bound);
                found.retain(|&n| self.is_class(n));
                out.extend(found);
            }
        }
        out
    }
}
