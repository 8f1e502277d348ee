//! What the pass learns of the program before it runs: each file's names interned, which
//! names each scope binds and which can be written at all, the definitions by node, members
//! by (node, name), and the classes with a base from outside the project.

use rustc_hash::FxHashMap;

use crate::graph::resolve::Resolver;
use crate::lang::Family;
use crate::parse::flow::{NameId, StepKind, Target};

use super::Solver;

impl Solver<'_> {
    /// Interns a file's names and notes what it defines, binds and writes.
    pub(super) fn index_file(&mut self, file: u32) {
        let flow = &self.r.facts[file as usize].flow;
        let ids = flow.names().map(|n| self.name(n)).collect();
        self.file_names[file as usize] = ids;
        for def in &flow.defs {
            let Some(node) = self.symbol_node(file, def.symbol) else {
                continue;
            };
            self.defs.insert(node, (file, def));
            if def.decorated.is_some() {
                self.decorated.insert(node);
            }
            for param in &def.params {
                let name = self.id(file, param.name);
                self.locals.insert((node, name));
                self.written.insert((node, name));
                self.writable.insert(name);
            }
            if def.decorated.is_some() {
                let symbol = &self.r.facts[file as usize].symbols[def.symbol as usize];
                let name = self.name(&symbol.name);
                self.writable.insert(name);
                self.property_names.insert(name);
                if let Some(holder) = self.definition_holder(node) {
                    self.written.insert((holder, name));
                }
            }
        }
        for binding in &self.r.facts[file as usize].bindings {
            let name = self.name(&binding.name);
            self.writable.insert(name);
        }
        for step in &flow.steps {
            if let StepKind::Assign { target, .. } = &step.kind {
                let mut written = Vec::new();
                attribute_names(target, &mut written);
                for name in written {
                    let name = self.id(file, name);
                    self.writable.insert(name);
                    self.attributes_written.insert(name);
                }
                let mut names = Vec::new();
                target_names(target, &mut names);
                for name in names {
                    if let Some(scope) = self.assigned_scope(file, step.scope, name) {
                        let name = self.id(file, name);
                        self.locals.insert((scope, name));
                        self.written.insert((scope, name));
                        self.writable.insert(name);
                        if self.r.is_class(scope) {
                            self.property_names.insert(name);
                        }
                    }
                }
            }
        }
    }

    /// Every definition named directly in a node, by (node, interned name).
    pub(super) fn index_members(&mut self) {
        let mut members: Vec<_> = self.r.members.iter().collect();
        members.sort_unstable_by_key(|&(node, _)| *node);
        for (&node, named) in members {
            for (name, defs) in named {
                let id = self.name(name);
                let from = self.member_list.len() as u32;
                self.member_list.extend_from_slice(defs);
                self.member_index
                    .insert((node, id), (from, self.member_list.len() as u32));
            }
        }
    }
}

/// Classes with a base from outside the project that gives them behaviour.
pub(super) fn external_based(r: &Resolver) -> FxHashMap<u32, Vec<(u32, &str)>> {
    let mut out: FxHashMap<u32, Vec<(u32, &str)>> = FxHashMap::default();
    for (file, facts) in r.facts.iter().enumerate() {
        if facts.language.family() != Family::Python {
            continue;
        }
        for inherit in &facts.inherits {
            if let Some(class) = r.sym_node[file][inherit.class as usize]
                && r.base_from_outside(file as u32, inherit)
            {
                out.entry(class)
                    .or_default()
                    .push((file as u32, inherit.base.as_str()));
            }
        }
    }
    out
}

/// Attribute names an assignment target writes.
fn attribute_names(target: &Target, out: &mut Vec<NameId>) {
    match target {
        Target::Attr { name, .. } => out.push(*name),
        Target::Unpack(items) => items.iter().for_each(|t| attribute_names(t, out)),
        Target::Star(inner) => attribute_names(inner, out),
        Target::Name(_) | Target::Index { .. } => {}
    }
}

/// Names an assignment target binds in its scope.
fn target_names(target: &Target, out: &mut Vec<NameId>) {
    match target {
        Target::Name(name) => out.push(*name),
        Target::Unpack(items) => items.iter().for_each(|t| target_names(t, out)),
        Target::Star(inner) => target_names(inner, out),
        Target::Attr { .. } | Target::Index { .. } => {}
    }
}
