//! Names: a bare name along Python's scopes and imports, what naming a definition gives,
//! and the memoised static lookups (members, module names, MROs, external attributes).

use std::rc::Rc;

use smallvec::smallvec;

use crate::graph::model::NodeKind;

use super::Solver;
use super::values::{Val, Vals, Var};

impl<'r> Solver<'r> {
    /// The key of a container's item at `position`: the same name a constant subscript
    /// (`xs[1]`) spells; positions past the table share one key.
    pub(super) fn position_key(&mut self, position: usize) -> u32 {
        const POSITIONS: [&str; 16] = [
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15",
        ];
        self.name(POSITIONS.get(position).copied().unwrap_or("16+"))
    }

    /// What naming a definition gives: itself, or (decorated) what its decorators returned.
    pub(super) fn value_of_def(&mut self, node: u32) -> Vals {
        if !self.decorated.contains(&node) {
            return smallvec![Val::Def(node)];
        }
        let Some(holder) = self.definition_holder(node) else {
            return smallvec![Val::Def(node)];
        };
        let name = self.r.nodes[node as usize].name.as_str();
        let id = self.name(name);
        Vals::from_slice(self.store.get(Var::Local(holder, id)))
    }

    /// The scope whose variable a definition's name is: its class or function, or the
    /// module of its file.
    pub(super) fn definition_holder(&self, node: u32) -> Option<u32> {
        let holder = self.r.parent[node as usize]?;
        Some(if self.r.nodes[holder as usize].kind == NodeKind::File {
            self.r.file_module[self.r.nodes[node as usize].file as usize]
        } else {
            holder
        })
    }

    /// What `Var::Local(holder, id)` holds; a variable nothing can write is not looked up
    /// (nor listed as read, which would only cost memory).
    pub(super) fn local(&mut self, holder: u32, id: u32) -> &[Val] {
        if self.attributes_written.contains(&id) || self.written.contains(&(holder, id)) {
            self.store.get(Var::Local(holder, id))
        } else {
            &[]
        }
    }

    /// Definitions named `id` directly in a node (a function's nested definitions, a
    /// class's members), as a run of `member_list`.
    pub(super) fn own_members(&self, node: u32, id: u32) -> std::ops::Range<usize> {
        self.member_index
            .get(&(node, id))
            .map_or(0..0, |&(from, to)| from as usize..to as usize)
    }

    /// `lookup_in_module`, memoised by interned name.
    pub(super) fn in_module(&mut self, module: u32, id: u32) -> Rc<[u32]> {
        if let Some(found) = self.module_cache.get(&(module, id)) {
            return found.clone();
        }
        let name = self.spelled.get(id as usize).copied().unwrap_or("");
        let found: Rc<[u32]> = Rc::from(self.r.lookup_in_module(module, name));
        self.module_cache.insert((module, id), found.clone());
        found
    }

    pub(super) fn mro(&mut self, class: u32) -> Rc<[u32]> {
        if let Some(found) = self.mro_cache.get(&class) {
            return found.clone();
        }
        let found: Rc<[u32]> = Rc::from(self.r.mro(class));
        self.mro_cache.insert(class, found.clone());
        found
    }

    /// `external.name`, interned once per (external, name).
    pub(super) fn external_attr(&mut self, base: u32, id: u32, name: &str) -> Val {
        if base == 0 {
            return Val::Ext(0);
        }
        if let Some(&known) = self.external_attrs.get(&(base, id)) {
            return Val::Ext(known);
        }
        let path = format!("{}.{name}", self.externals[base as usize]);
        let val = self.external(&path);
        if let Val::Ext(made) = val {
            self.external_attrs.insert((base, id), made);
        }
        val
    }
}
