//! Names: a bare name along Python's scopes and imports, what naming a definition gives,
//! and the memoised static lookups (members, module names, MROs, external attributes).

use std::rc::Rc;

use crate::graph::model::NodeKind;
use crate::parse::ImportKind;

use super::Solver;
use super::builtins;
use super::values::{Val, Var, extend};

/// Most modules a re-imported name is followed through.
const MAX_REEXPORTS: u32 = 4;

impl<'r> Solver<'r> {
    /// The key of a container's item at `position`: the same name a constant subscript
    /// (`xs[1]`) spells; positions past the table share one key.
    pub(super) fn position_key(&mut self, position: usize) -> u32 {
        const POSITIONS: [&str; 16] = [
            "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15",
        ];
        self.name(POSITIONS.get(position).copied().unwrap_or("16+"))
    }

    /// A bare name: the innermost function binding it (class bodies only for code directly
    /// in them), then the module: its assignments, definitions and imports; then builtins.
    pub(super) fn lookup(&mut self, file: u32, scope: Option<u32>, id: u32) -> Vec<Val> {
        let Some(&name) = self.spelled.get(id as usize) else {
            return Vec::new();
        };
        let facts = &self.r.facts[file as usize];
        let mut at = scope;
        let mut first = true;
        while let Some(index) = at {
            let symbol = &facts.symbols[index as usize];
            let class_body = symbol.kind.is_class_like();
            if (!class_body || first)
                && let Some(node) = self.symbol_node(file, index)
            {
                let members = self.own_members(node, id);
                if self.locals.contains(&(node, id)) || !members.is_empty() {
                    let mut out = self.local(node, id).to_vec();
                    for at in members {
                        let vals = self.value_of_def(self.member_list[at]);
                        extend(&mut out, &vals);
                    }
                    return out;
                }
            }
            first = false;
            at = symbol.parent;
        }
        let module = self.r.file_module[file as usize];
        let mut out = self.local(module, id).to_vec();
        for &found in self.in_module(module, id).iter() {
            let vals = self.value_of_def(found);
            extend(&mut out, &vals);
        }
        if out.is_empty() {
            out.extend(self.imported_value(module, name));
        }
        if out.is_empty() && !self.locals.contains(&(module, id)) && builtins::is_builtin(name) {
            let builtin = self.external(&format!("builtins.{name}"));
            out.push(builtin);
        }
        out
    }

    /// A name imported into `module`: a global of another project module, or something
    /// from outside the project.
    pub(super) fn imported_value(&mut self, module: u32, name: &'r str) -> Vec<Val> {
        self.imported_through(module, name, MAX_REEXPORTS)
    }

    /// `imported_value`, following a name a module only re-imports (`from .globals import
    /// g` in a package's `__init__`) at most `hops` modules further.
    fn imported_through(&mut self, module: u32, name: &'r str, hops: u32) -> Vec<Val> {
        let Some(imports) = self.r.bindings.get(&module).and_then(|b| b.get(name)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut external = None;
        for &(import_file, index) in imports {
            let import = &self.r.facts[import_file as usize].imports[index as usize];
            let sources = self.r.import_source(import_file, index);
            if import.kind == ImportKind::Member
                && let Some(imported) = import.name.as_deref()
            {
                for &source in &sources {
                    let id = self.name(imported);
                    let mut vals = self.local(source, id).to_vec();
                    if vals.is_empty() && hops > 0 && source != module {
                        vals = self.imported_through(source, imported, hops - 1);
                    }
                    extend(&mut out, &vals);
                }
            }
            if sources.is_empty() {
                external = Some(match (import.kind, import.name.as_deref()) {
                    (ImportKind::Member, Some(member)) => format!("{}.{member}", import.path),
                    // `import a.b` binds `a`; `import a.b as c` binds `a.b`.
                    (ImportKind::Module, _) if import.alias.is_none() => name.to_string(),
                    _ => import.path.clone(),
                });
            }
        }
        if out.is_empty()
            && let Some(path) = external
        {
            out.push(self.external(&path));
        }
        out
    }

    /// What naming a definition gives: itself, or (decorated) what its decorators returned.
    pub(super) fn value_of_def(&mut self, node: u32) -> Vec<Val> {
        if !self.decorated.contains(&node) {
            return vec![Val::Def(node)];
        }
        let Some(holder) = self.definition_holder(node) else {
            return vec![Val::Def(node)];
        };
        let name = self.r.nodes[node as usize].name.as_str();
        let id = self.name(name);
        self.store.get(Var::Local(holder, id)).to_vec()
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
