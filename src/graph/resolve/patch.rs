//! Bringing one file's part of the graph up to date without resolving the others again.
//!
//! A patch is refused — and the caller resolves everything — whenever the edit could change
//! how another file resolves: a definition removed, renamed or re-parented, an import
//! another file can reach (`import_reach`), a changed export, base class, field or
//! signature, or a new name that another file spells. What is left is the everyday save:
//! bodies edited, lines moved, imports added for the file's own use, new definitions nobody
//! else names yet. The result equals a full resolution up to node and edge order (tests/it/live.rs
//! checks it edit by edit).

use std::sync::Arc;

use rustc_hash::FxHashSet;

use crate::graph::model::{EdgeKind, NodeKind, Resolution};
use crate::graph::resolve::refs::Refs;
use crate::graph::resolve::{ResolveStats, Resolver};
use crate::lang::Family;
use crate::parse::{Binding, FileFacts, Symbol, SymbolKind};

/// Names resolution reaches without any file spelling them (constructors, default exports).
const IMPLICIT: &[&str] = &[
    "__init__",
    "__new__",
    "__call__",
    "constructor",
    "new",
    "default",
];

/// What a patch changed.
#[derive(Debug)]
pub struct Patched {
    pub file: u32,
    /// The file's nodes (file, module, definitions) after the patch.
    pub nodes: Vec<u32>,
    /// Nodes with this id or above are new.
    pub first_new: u32,
}

impl Resolver {
    /// Gives `file` its new facts, or says why only a full resolution can.
    #[expect(
        clippy::too_many_lines,
        reason = "the steps of a patch must run in this order on the same borrowed tables"
    )]
    /// Other files whose calls value flow now resolves differently are brought up to date
    /// too; they follow the file's own entry in the answer.
    /// With `defer_flow`, a Python file's calls keep what value flow last answered for
    /// the calls spelled alike (`flow_carried.rs`) and the program is solved again by
    /// `settle_flow`, which a caller must then run.
    pub fn patch(
        &mut self,
        file: u32,
        new: Arc<FileFacts>,
        defer_flow: bool,
    ) -> Result<Vec<Patched>, String> {
        let f = file as usize;
        let old = self
            .facts
            .get(f)
            .cloned()
            .ok_or_else(|| format!("file {file} is not in the graph"))?;
        if old.path != new.path || old.language != new.language {
            return Err("a different file".into());
        }
        let map = match_symbols(&old.symbols, &new.symbols)
            .ok_or("a definition was removed, renamed or changed")?;
        let mut existing = vec![false; new.symbols.len()];
        for &i in &map {
            existing[i as usize] = true;
        }
        self.check_interface(file, &old, &new, &map, &existing)?;

        // Apply: existing definitions keep their nodes (and ids), with new spans.
        let first_new = self.nodes.len() as u32;
        self.unindex_file_imports(file);
        let old_nodes = std::mem::take(&mut self.sym_node[f]);
        let mut nodes: Vec<Option<u32>> = vec![None; new.symbols.len()];
        for (j, &i) in map.iter().enumerate() {
            nodes[i as usize] = old_nodes.get(j).copied().flatten();
        }
        for (i, node) in nodes.iter().enumerate() {
            if let Some(id) = *node {
                let symbol = &new.symbols[i];
                let n = &mut self.nodes[id as usize];
                n.line = symbol.line;
                n.end_line = symbol.end_line;
                n.doc = symbol.doc;
                n.metrics = symbol.metrics;
                self.origin[id as usize] = Some((file, i as u32));
            }
        }
        let moved: Vec<((u32, u32), u32)> = old
            .symbols
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == SymbolKind::Impl)
            .filter_map(|(j, _)| {
                self.impl_class
                    .remove(&(file, j as u32))
                    .map(|class| ((file, map[j]), class))
            })
            .collect();
        self.impl_class.extend(moved);
        let module = self.file_module[f];
        let file_node = self.parent[module as usize].unwrap_or(module);
        for id in [file_node, module] {
            self.nodes[id as usize].end_line = new.lines.max(1);
        }
        self.facts[f] = new.clone();
        // New definitions; a parent comes before its children in the list.
        for i in 0..new.symbols.len() {
            if existing[i] {
                continue;
            }
            let id = self.add_symbol(file, &new, i as u32, &nodes);
            if let Some(id) = id
                && self.nodes[id as usize].kind == NodeKind::Method
                && !super::phases::loose_method(&new, &new.symbols[i])
            {
                self.methods_by_name
                    .entry(new.symbols[i].name.as_str().into())
                    .or_default()
                    .push(id);
            }
            nodes[i] = id;
        }
        self.sym_node[f] = nodes;
        self.index_file_imports(file);
        // Fields keep their meaning (checked) but not their index in the file's bindings.
        for by_name in self.fields.values_mut() {
            for list in by_name.values_mut() {
                list.retain(|(fl, _)| *fl != file);
            }
        }
        for (index, binding) in new.bindings.iter().enumerate().filter(|(_, b)| b.field) {
            if let Some(class) = self.enclosing_class(file, binding.scope) {
                self.fields
                    .entry(class)
                    .or_default()
                    .entry(binding.name.as_str().into())
                    .or_default()
                    .push((file, index as u32));
            }
        }
        self.forget_lookups();

        // The file's own edges again: imports, bases, calls (contains edges stay).
        let mut owned: FxHashSet<u32> = self.sym_node[f].iter().flatten().copied().collect();
        owned.insert(file_node);
        owned.insert(module);
        if let Some(keys) = self.owned_edges.get_mut(f) {
            for key in std::mem::take(keys) {
                self.edges.remove(&key);
            }
        }
        self.file_stats[f] = ResolveStats::default();
        self.impl_inherit_edges(file);
        self.inherit_edges(file, false);
        self.index_implementors();
        self.import_edges(file);
        let flow_moved_only = old.flow.same_but_positions(&new.flow);
        let others = if new.language.family() != Family::Python || flow_moved_only {
            Vec::new()
        } else if defer_flow {
            if let Some(outcome) = self.flow.files.get_mut(f) {
                *outcome = super::flow_carried::carried(&old.flow, outcome, &new.flow);
            }
            self.flow_pending = true;
            Vec::new()
        } else {
            self.solve_flow_again(Some(file))
        };
        let calls = self.calls_of(file);
        self.record_calls(file, calls);
        if let Some(refs) = &mut self.refs {
            refs.replace(file, &new);
        }
        let mut all: Vec<u32> = owned.into_iter().collect();
        all.sort_unstable();
        let mut patched = vec![Patched {
            file,
            nodes: all,
            first_new,
        }];
        patched.extend(others);
        Ok(patched)
    }

    /// Whether patches left value flow to `settle_flow`.
    pub fn flow_pending(&self) -> bool {
        self.flow_pending
    }

    /// After patches that left value flow for later: solves it again and records anew the
    /// calls of every file it now answers differently (the patched ones included).
    pub fn settle_flow(&mut self) -> Vec<Patched> {
        if !self.flow_pending {
            return Vec::new();
        }
        self.solve_flow_again(None)
    }

    /// Value flow is whole-program: after a Python file changed it runs again, and every
    /// other file whose calls it now answers differently has its calls recorded again.
    fn solve_flow_again(&mut self, patched: Option<u32>) -> Vec<Patched> {
        // Whatever earlier patches left is solved with the rest.
        self.flow_pending = false;
        let previous = std::mem::take(&mut self.flow);
        self.flow = self.solve_flow();
        let changed: Vec<u32> = (0..self.facts.len() as u32)
            .filter(|&other| {
                Some(other) != patched
                    && previous.files.get(other as usize) != self.flow.files.get(other as usize)
            })
            .collect();
        let mut out = Vec::with_capacity(changed.len());
        for other in changed {
            let f = other as usize;
            if let Some(keys) = self.owned_edges.get_mut(f) {
                let calls: Vec<_> = keys
                    .iter()
                    .copied()
                    .filter(|k| k.2 == EdgeKind::Calls)
                    .collect();
                keys.retain(|k| k.2 != EdgeKind::Calls);
                for key in calls {
                    self.edges.remove(&key);
                }
            }
            let stats = &mut self.file_stats[f];
            stats.calls = 0;
            stats.calls_resolved = 0;
            stats.calls_ambiguous = 0;
            stats.calls_unresolved = 0;
            stats.calls_builtin = 0;
            stats.calls_external = 0;
            let calls = self.calls_of(other);
            self.record_calls(other, calls);
            let module = self.file_module[f];
            let file_node = self.parent[module as usize].unwrap_or(module);
            let mut nodes: Vec<u32> = self.sym_node[f].iter().flatten().copied().collect();
            nodes.extend([file_node, module]);
            nodes.sort_unstable();
            nodes.dedup();
            out.push(Patched {
                file: other,
                nodes,
                first_new: self.nodes.len() as u32,
            });
        }
        out
    }

    /// Builds the name index patches consult; done on first use otherwise.
    pub fn prepare_patches(&mut self) {
        if self.refs.is_none() {
            self.refs = Some(Refs::build(&self.facts));
        }
    }

    /// Everything another file's resolution may read from this one must be unchanged.
    #[expect(
        clippy::too_many_lines,
        reason = "one refusal per part of a file's interface, listed in one place"
    )]
    fn check_interface(
        &mut self,
        file: u32,
        old: &FileFacts,
        new: &FileFacts,
        map: &[u32],
        existing: &[bool],
    ) -> Result<(), String> {
        let mapped = |scope: Option<u32>| scope.map(|s| map[s as usize]);
        let imports_same = old.imports.len() == new.imports.len()
            && old.imports.iter().zip(&new.imports).all(|(a, b)| {
                a.kind == b.kind
                    && a.path == b.path
                    && a.name == b.name
                    && a.alias == b.alias
                    && a.reexport == b.reexport
                    && mapped(a.scope) == b.scope
            });
        if !imports_same {
            self.check_imports(file, old, new, map)?;
        }
        let exports_same = old.exports.len() == new.exports.len()
            && old
                .exports
                .iter()
                .zip(&new.exports)
                .all(|(a, b)| a.name == b.name && a.local == b.local);
        if !exports_same {
            return Err("exports changed".into());
        }
        let inherits_same = old.inherits.len() == new.inherits.len()
            && old
                .inherits
                .iter()
                .zip(&new.inherits)
                .all(|(a, b)| map[a.class as usize] == b.class && a.base == b.base);
        if !inherits_same {
            return Err("base classes changed".into());
        }

        // Bindings other files can see: fields, module and class level, and (Rust) generic
        // bounds behind return types, which are annotations. Locals of a function only serve
        // this file's calls; in Rust, those typed by what they are given (a call, a field, a
        // pattern, a loop, a callback) too.
        let rust = new.language.family() == Family::Rust;
        let visible = |b: &Binding, symbols: &[Symbol]| {
            (rust && b.annotated())
                || b.field
                || b.position.is_some()
                || !b
                    .scope
                    .is_some_and(|s| symbols[s as usize].kind.is_function_like())
        };
        let in_new = |scope: Option<u32>| {
            let mut at = scope;
            while let Some(s) = at {
                if !existing[s as usize] {
                    return true;
                }
                at = new.symbols[s as usize].parent;
            }
            false
        };
        let before: Vec<_> = old
            .bindings
            .iter()
            .filter(|b| visible(b, &old.symbols))
            .map(|b| {
                (
                    mapped(b.scope),
                    b.name.as_str(),
                    b.field,
                    b.type_text.as_str(),
                    b.source,
                    b.position,
                )
            })
            .collect();
        let mut after = Vec::with_capacity(before.len());
        for b in new.bindings.iter().filter(|b| visible(b, &new.symbols)) {
            if in_new(b.scope) {
                if b.field {
                    return Err("a new field".into());
                }
                continue;
            }
            after.push((
                b.scope,
                b.name.as_str(),
                b.field,
                b.type_text.as_str(),
                b.source,
                b.position,
            ));
        }
        if before != after {
            return Err("fields or module-level bindings changed".into());
        }

        // New definitions: plain functions, methods and classes that nothing else names.
        let mut names = Vec::new();
        for (i, symbol) in new
            .symbols
            .iter()
            .enumerate()
            .filter(|(i, _)| !existing[*i])
        {
            if matches!(symbol.kind, SymbolKind::Module | SymbolKind::Impl) {
                return Err("a new module or impl block".into());
            }
            if symbol
                .parent
                .is_some_and(|p| new.symbols[p as usize].kind == SymbolKind::Impl)
            {
                return Err("a new method in an impl block".into());
            }
            if IMPLICIT.contains(&symbol.name.as_str()) {
                return Err(format!("a new `{}`", symbol.name));
            }
            // Of same-named definitions in one scope the last wins: order would matter.
            if new
                .symbols
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.parent == symbol.parent && o.name == symbol.name)
            {
                return Err(format!("`{}` defined twice in one scope", symbol.name));
            }
            names.push(symbol.name.as_str());
        }

        // Rust: an `impl Trait for Type` with the type in another file makes an edge that
        // belongs to neither file alone.
        let f_impls = old
            .symbols
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == SymbolKind::Impl);
        for (j, _) in f_impls {
            if let Some(&class) = self.impl_class.get(&(file, j as u32))
                && self.nodes[class as usize].file != file
            {
                return Err("an impl for a type defined in another file".into());
            }
        }
        if rust
            && self
                .impl_class
                .iter()
                .any(|(&(g, _), &class)| g != file && self.nodes[class as usize].file == file)
        {
            return Err("a type implemented in another file".into());
        }

        if !names.is_empty() {
            let refs = self.refs.get_or_insert_with(|| Refs::build(&self.facts));
            if let Some(name) = names.iter().find(|n| refs.elsewhere(n, file)) {
                return Err(format!("`{name}` is named in other files"));
            }
        }
        Ok(())
    }

    /// `impl Trait for Type` edges of one file (their types are already attached).
    fn impl_inherit_edges(&mut self, file: u32) {
        let facts = self.facts[file as usize].clone();
        for (index, symbol) in facts.symbols.iter().enumerate() {
            if symbol.kind != SymbolKind::Impl {
                continue;
            }
            let Some(&class) = self.impl_class.get(&(file, index as u32)) else {
                continue;
            };
            let Some(trait_text) = &symbol.detail else {
                continue;
            };
            self.file_stats[file as usize].inherits += 1;
            if let Some(base) = self
                .resolve_type(file, symbol.parent, trait_text)
                .into_iter()
                .next()
            {
                self.file_stats[file as usize].inherits_resolved += 1;
                self.edge(
                    class,
                    base,
                    EdgeKind::Inherits,
                    Resolution::Direct,
                    Some(symbol.line),
                );
            }
        }
    }
}

/// Old symbol index → new index, when the new list is the old one with definitions added
/// (same kind, name, parent and signature, in the same order).
fn match_symbols(old: &[Symbol], new: &[Symbol]) -> Option<Vec<u32>> {
    let mut map: Vec<u32> = Vec::with_capacity(old.len());
    for (i, symbol) in new.iter().enumerate() {
        let Some(candidate) = old.get(map.len()) else {
            break;
        };
        let same = candidate.kind == symbol.kind
            && candidate.name == symbol.name
            && candidate.detail == symbol.detail
            && candidate.private == symbol.private
            && candidate.seen_above == symbol.seen_above
            && candidate.cfg == symbol.cfg
            && candidate.parent.map(|p| map[p as usize]) == symbol.parent;
        if same {
            map.push(i as u32);
        }
    }
    (map.len() == old.len()).then_some(map)
}
