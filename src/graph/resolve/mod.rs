//! Resolution: per-file facts → one graph. Every name is looked up the way its language
//! would (scopes, imports, re-exports, `mod` trees, method resolution order), never by a
//! global guess at full confidence. See `ARCHITECTURE.md` (`graph`).

mod calls;
pub mod names;
mod patch;
mod refs;
mod scope;
pub mod types;

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};
use thread_local::ThreadLocal;

use crate::graph::model::{EdgeKind, Node, NodeKind, Resolution, UnresolvedCalls};
use crate::lang::{Family, LangId};
use crate::parse::{FileFacts, ImportKind, SymbolKind};
pub use names::ProjectFiles;
use names::{Crates, PythonNames, TsConfigs};
pub use patch::Patched;

/// Deepest chain of re-exports, glob imports or bases followed before giving up.
const MAX_DEPTH: usize = 24;

#[derive(Debug, Default, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ResolveStats {
    pub calls: usize,
    pub calls_resolved: usize,
    pub calls_ambiguous: usize,
    pub calls_unresolved: usize,
    pub imports: usize,
    pub imports_resolved: usize,
    pub imports_external: usize,
    pub inherits: usize,
    pub inherits_resolved: usize,
}

/// What resolution produced, before it becomes a `Snapshot`.
pub struct Resolved {
    pub nodes: Vec<Node>,
    /// (source, target, kind) → (best resolution, site lines).
    pub edges: FxHashMap<(u32, u32, EdgeKind), (Resolution, Vec<u32>)>,
    pub unresolved_calls: UnresolvedCalls,
    pub stats: ResolveStats,
    pub warnings: Vec<String>,
}

/// A file and an index into one of its fact lists.
type ImportRef = (u32, u32);
/// Name → the things it denotes.
type NameMap<K, V> = FxHashMap<K, Vec<V>>;
/// A lookup: (scope, name, is an export lookup).
type LookupKey = (u32, Box<str>, bool);
/// Lookup results by (scope, is an export lookup) and then by name.
type Memo = FxHashMap<(u32, bool), NameMap<Box<str>, u32>>;

pub struct Resolver {
    facts: Vec<Arc<FileFacts>>,
    nodes: Vec<Node>,
    /// Containing node of each node (`contains` in reverse).
    parent: Vec<Option<u32>>,
    /// The (file, symbol) a node came from.
    origin: Vec<Option<(u32, u32)>>,
    file_module: Vec<u32>,
    sym_node: Vec<Vec<Option<u32>>>,
    /// Resolved type of each Rust `impl` block.
    impl_class: FxHashMap<(u32, u32), u32>,
    members: FxHashMap<u32, FxHashMap<Box<str>, Vec<u32>>>,
    bindings: FxHashMap<u32, NameMap<Box<str>, ImportRef>>,
    globs: FxHashMap<u32, Vec<(u32, u32)>>,
    /// Python `__all__` per module.
    all_names: FxHashMap<u32, FxHashSet<Box<str>>>,
    /// Python import names and Rust qualified names → modules.
    module_index: FxHashMap<String, Vec<u32>>,
    python_import_name: FxHashMap<u32, String>,
    ecma_paths: FxHashMap<String, u32>,
    crate_roots: FxHashMap<String, u32>,
    bases: FxHashMap<u32, Vec<u32>>,
    /// (class, field) → bindings that type it.
    fields: FxHashMap<u32, NameMap<Box<str>, (u32, u32)>>,
    methods_by_name: FxHashMap<Box<str>, Vec<u32>>,
    tsconfigs: TsConfigs,
    edges: FxHashMap<(u32, u32, EdgeKind), (Resolution, Vec<u32>)>,
    unresolved_calls: UnresolvedCalls,
    /// What each file's imports, inherits and calls came to (summed into `Resolved::stats`).
    file_stats: Vec<ResolveStats>,
    warnings: Vec<String>,
    /// Each file's imports, inherits and calls edges (by the source node's file), so that a
    /// patch replaces them without scanning every edge.
    owned_edges: Vec<Vec<(u32, u32, EdgeKind)>>,
    /// Names each file spells, for `patch` (built on first use).
    refs: Option<refs::Refs>,
    /// Lookup results by (scope, export lookup?) then name: a hit allocates nothing.
    /// Per thread, so calls resolve in parallel without locks.
    memo: ThreadLocal<RefCell<Memo>>,
    /// The lookups under way on this thread (cycle guard).
    in_progress: ThreadLocal<RefCell<FxHashSet<LookupKey>>>,
    /// Set when the cycle guard cut a lookup short: results computed meanwhile depend on
    /// where the lookup started, so they are not memoised (parallel runs stay deterministic).
    cut: ThreadLocal<std::cell::Cell<bool>>,
    mro_memo: ThreadLocal<RefCell<FxHashMap<u32, Vec<u32>>>>,
}

pub fn resolve(facts: &[Arc<FileFacts>], project: &ProjectFiles, root_name: &str) -> Resolved {
    Resolver::build(facts, project, root_name).into_resolved()
}

impl Resolver {
    /// Resolves `facts` (sorted by path) into nodes and edges; the resolver keeps its tables
    /// so that `patch` can later bring one file up to date.
    pub fn build(facts: &[Arc<FileFacts>], project: &ProjectFiles, root_name: &str) -> Resolver {
        let (tsconfigs, warnings) = TsConfigs::new(project);
        // One node per symbol, plus a file and a module node per file: sized up front, not
        // grown by doubling (copies, and twice the fresh memory touched).
        let nodes = facts.iter().map(|f| f.symbols.len()).sum::<usize>() + 2 * facts.len();
        // Edges: one `contains` per node, about one for every other call site (a third to a
        // half resolve on our corpora) and one per import. Reserved once: grown by doubling, the
        // table is rehashed and its memory touched twice over.
        let calls = facts.iter().map(|f| f.calls.len()).sum::<usize>();
        let imports = facts.iter().map(|f| f.imports.len()).sum::<usize>();
        let mut r = Resolver {
            facts: facts.to_vec(),
            nodes: Vec::with_capacity(nodes),
            parent: Vec::with_capacity(nodes),
            origin: Vec::with_capacity(nodes),
            file_module: Vec::with_capacity(facts.len()),
            sym_node: Vec::with_capacity(facts.len()),
            impl_class: Default::default(),
            members: Default::default(),
            bindings: Default::default(),
            globs: Default::default(),
            all_names: Default::default(),
            module_index: Default::default(),
            python_import_name: Default::default(),
            ecma_paths: FxHashMap::default(),
            crate_roots: Default::default(),
            bases: Default::default(),
            fields: Default::default(),
            methods_by_name: Default::default(),
            tsconfigs,
            edges: FxHashMap::with_capacity_and_hasher(
                nodes + calls / 2 + imports,
                Default::default(),
            ),
            unresolved_calls: UnresolvedCalls::with_files(facts.len()),
            file_stats: vec![ResolveStats::default(); facts.len()],
            warnings,
            refs: None,
            owned_edges: Vec::new(),
            memo: ThreadLocal::new(),
            in_progress: ThreadLocal::new(),
            cut: ThreadLocal::new(),
            mro_memo: ThreadLocal::new(),
        };
        let mut phase = std::time::Instant::now();
        let mut lap = |name: &str| {
            tracing::debug!(
                phase = name,
                ms = phase.elapsed().as_secs_f64() * 1000.0,
                "resolve"
            );
            phase = std::time::Instant::now();
        };
        r.add_modules(project, root_name);
        lap("modules");
        for file in 0..facts.len() {
            r.add_symbols(file as u32);
        }
        lap("symbols");
        r.index_imports();
        r.attach_impls();
        r.add_inherits();
        r.index_fields_and_methods();
        lap("imports, impls, inherits, fields");
        r.add_import_edges();
        lap("import edges");
        r.add_calls();
        lap("calls");
        r
    }

    pub fn into_resolved(self) -> Resolved {
        let stats = self.stats();
        Resolved {
            nodes: self.nodes,
            edges: self.edges,
            unresolved_calls: self.unresolved_calls,
            stats,
            warnings: self.warnings,
        }
    }

    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    pub fn edges(&self) -> &FxHashMap<(u32, u32, EdgeKind), (Resolution, Vec<u32>)> {
        &self.edges
    }

    /// The node containing `node`.
    pub fn parent(&self, node: u32) -> Option<u32> {
        self.parent.get(node as usize).copied().flatten()
    }

    /// The imports, inherits and calls edges leaving a file's nodes.
    pub fn owned_edges(&self, file: u32) -> &[(u32, u32, EdgeKind)] {
        self.owned_edges
            .get(file as usize)
            .map_or(&[], Vec::as_slice)
    }

    pub fn unresolved_calls(&self) -> &UnresolvedCalls {
        &self.unresolved_calls
    }

    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    pub fn facts(&self) -> &[Arc<FileFacts>] {
        &self.facts
    }

    /// The counts over every file.
    pub fn stats(&self) -> ResolveStats {
        let mut total = ResolveStats::default();
        for s in &self.file_stats {
            total.calls += s.calls;
            total.calls_resolved += s.calls_resolved;
            total.calls_ambiguous += s.calls_ambiguous;
            total.calls_unresolved += s.calls_unresolved;
            total.imports += s.imports;
            total.imports_resolved += s.imports_resolved;
            total.imports_external += s.imports_external;
            total.inherits += s.inherits;
            total.inherits_resolved += s.inherits_resolved;
        }
        total
    }

    fn family(&self, file: u32) -> Family {
        self.facts[file as usize].language.family()
    }

    fn language(&self, file: u32) -> LangId {
        self.facts[file as usize].language
    }

    fn push_node(&mut self, node: Node, parent: Option<u32>, origin: Option<(u32, u32)>) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.parent.push(parent);
        self.origin.push(origin);
        if let Some(parent) = parent {
            self.edge(parent, id, EdgeKind::Contains, Resolution::Direct, None);
        }
        id
    }

    fn edge(
        &mut self,
        source: u32,
        target: u32,
        kind: EdgeKind,
        how: Resolution,
        line: Option<u32>,
    ) {
        let key = (source, target, kind);
        let entry = match self.edges.entry(key) {
            std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::hash_map::Entry::Vacant(entry) => {
                if kind != EdgeKind::Contains {
                    let file = self.nodes[source as usize].file as usize;
                    if self.owned_edges.len() <= file {
                        self.owned_edges.resize_with(file + 1, Vec::new);
                    }
                    self.owned_edges[file].push(key);
                }
                entry.insert((how, Vec::new()))
            }
        };
        entry.0 = entry.0.min(how);
        if let Some(line) = line
            && !entry.1.contains(&line)
        {
            entry.1.push(line);
        }
    }

    fn add_member(&mut self, scope: u32, name: &str, node: u32) {
        let names = self.members.entry(scope).or_default();
        match names.get_mut(name) {
            Some(nodes) => nodes.push(node),
            None => {
                names.insert(name.into(), vec![node]);
            }
        }
    }

    fn add_modules(&mut self, project: &ProjectFiles, root_name: &str) {
        let crates = Crates::new(project, root_name);
        let python = PythonNames::new(self.facts.iter().map(|f| f.path.as_str()), root_name);
        let mut python_root_names = Vec::new();
        for (index, facts) in self.facts.clone().iter().enumerate() {
            let file_name = facts
                .path
                .rsplit('/')
                .next()
                .unwrap_or(&facts.path)
                .to_string();
            let base = Node {
                kind: NodeKind::File,
                symbol_kind: None,
                name: file_name,
                qualified_name: facts.path.clone(),
                file: index as u32,
                line: 1,
                end_line: facts.lines.max(1),
                language: facts.language,
                doc: None,
                metrics: None,
            };
            let file_node = self.push_node(base.clone(), None, None);
            let (qualified, import_name) = match facts.language.family() {
                Family::Python => (
                    python.qualified(&facts.path),
                    Some(python.import_name(&facts.path)),
                ),
                Family::Rust => (names::rust_module(&crates, &facts.path), None),
                Family::Ecma => (names::ecma_module(&facts.path), None),
            };
            let separator = facts.language.spec().separator;
            let short = qualified
                .rsplit(separator)
                .next()
                .unwrap_or(&qualified)
                .rsplit('/')
                .next()
                .unwrap_or("");
            let module = Node {
                kind: NodeKind::Module,
                name: short.to_string(),
                qualified_name: qualified.clone(),
                ..base
            };
            let module = self.push_node(module, Some(file_node), None);
            self.file_module.push(module);
            match facts.language.family() {
                Family::Python => {
                    let import_name = import_name.unwrap_or_default();
                    // `x.py` beside `x.pyi`: the source wins, the stub stays reachable by path.
                    let entry = self.module_index.entry(import_name.clone()).or_default();
                    if facts.path.ends_with(".py") {
                        entry.insert(0, module)
                    } else {
                        entry.push(module)
                    }
                    // Namespace packages (PEP 420, no `__init__.py`) are imported by their
                    // path from the root: index that name too, behind any import name.
                    if qualified != import_name {
                        python_root_names.push((qualified.clone(), module));
                    }
                    self.python_import_name.insert(module, import_name);
                }
                Family::Rust => {
                    self.module_index
                        .entry(qualified.clone())
                        .or_default()
                        .push(module);
                    if !qualified.contains("::") {
                        self.crate_roots.entry(qualified).or_insert(module);
                    }
                }
                Family::Ecma => {
                    self.ecma_paths.insert(facts.path.clone(), module);
                }
            }
        }
        for (name, module) in python_root_names {
            self.module_index.entry(name).or_default().push(module);
        }
        // Submodules are members of their parent package or module.
        let mut children = Vec::new();
        for (name, modules) in &self.module_index {
            let (parent, child) = match name.rsplit_once("::").or_else(|| name.rsplit_once('.')) {
                Some(split) => split,
                None => continue,
            };
            if let Some(parents) = self.module_index.get(parent) {
                for &p in parents {
                    for &m in modules {
                        children.push((p, child.to_string(), m));
                    }
                }
            }
        }
        // Sorted: lookups must not depend on hash order.
        children.sort();
        for (parent, child, module) in children {
            self.add_member(parent, &child, module);
        }
    }

    fn add_symbols(&mut self, file: u32) {
        let facts = self.facts[file as usize].clone();
        let mut nodes: Vec<Option<u32>> = Vec::with_capacity(facts.symbols.len());
        for index in 0..facts.symbols.len() {
            let node = self.add_symbol(file, &facts, index as u32, &nodes);
            nodes.push(node);
        }
        self.sym_node.push(nodes);
    }

    /// The node of one symbol (none for an `impl` block), given the nodes of the symbols
    /// before it in the file.
    pub(super) fn add_symbol(
        &mut self,
        file: u32,
        facts: &FileFacts,
        index: u32,
        nodes: &[Option<u32>],
    ) -> Option<u32> {
        let symbol = &facts.symbols[index as usize];
        if symbol.kind == SymbolKind::Impl {
            return None;
        }
        let separator = facts.language.spec().separator;
        let module = self.file_module[file as usize];
        let parent_symbol = symbol.parent.map(|p| &facts.symbols[p as usize]);
        // Methods of an `impl` hang off the module until `attach_impls` finds their type.
        let (parent, prefix) = match (symbol.parent, parent_symbol) {
            (Some(p), Some(ps)) if ps.kind == SymbolKind::Impl => {
                let home = self.home_module(file, Some(p));
                let qn = format!(
                    "{}{separator}{}",
                    self.nodes[home as usize].qualified_name, ps.name
                );
                (home, qn)
            }
            (Some(p), _) => match nodes.get(p as usize).copied().flatten() {
                Some(node) => (node, self.nodes[node as usize].qualified_name.clone()),
                None => (module, self.nodes[module as usize].qualified_name.clone()),
            },
            (None, _) => (module, self.nodes[module as usize].qualified_name.clone()),
        };
        let node = Node {
            kind: NodeKind::from_symbol(symbol.kind),
            symbol_kind: Some(symbol.kind),
            name: symbol.name.clone(),
            qualified_name: format!("{prefix}{separator}{}", symbol.name),
            file,
            line: symbol.line,
            end_line: symbol.end_line,
            language: facts.language,
            doc: symbol.doc,
            metrics: symbol.metrics,
        };
        let in_impl = parent_symbol.is_some_and(|ps| ps.kind == SymbolKind::Impl);
        let id = self.push_node(node, (!in_impl).then_some(parent), Some((file, index)));
        if !in_impl {
            self.add_member(parent, &symbol.name, id);
        }
        if symbol.kind == SymbolKind::Module {
            let qn = self.nodes[id as usize].qualified_name.clone();
            self.module_index.entry(qn).or_default().push(id);
        }
        Some(id)
    }

    fn index_imports(&mut self) {
        for (file, facts) in self.facts.clone().iter().enumerate() {
            let file = file as u32;
            for (index, import) in facts.imports.iter().enumerate() {
                let home = self.home_module(file, import.scope);
                let entry = (file, index as u32);
                match import.kind {
                    ImportKind::Glob => self.globs.entry(home).or_default().push(entry),
                    ImportKind::SideEffect => {}
                    _ => {
                        if let Some(local) = import.local_name() {
                            self.bindings
                                .entry(home)
                                .or_default()
                                .entry(local.into())
                                .or_default()
                                .push(entry);
                        }
                    }
                }
            }
            if facts.language.family() == Family::Python && !facts.exports.is_empty() {
                let module = self.file_module[file as usize];
                self.all_names.insert(
                    module,
                    facts
                        .exports
                        .iter()
                        .map(|e| e.name.as_str().into())
                        .collect(),
                );
            }
        }
    }

    /// Rust: methods of `impl Type` become members of `Type`; `impl Trait for Type` makes
    /// `Type` inherit `Trait`.
    fn attach_impls(&mut self) {
        for (file, facts) in self.facts.clone().iter().enumerate() {
            let file = file as u32;
            for (index, symbol) in facts.symbols.iter().enumerate() {
                if symbol.kind != SymbolKind::Impl {
                    continue;
                }
                let home = self.home_module(file, Some(index as u32));
                let class = self
                    .resolve_type(file, symbol.parent, &symbol.name)
                    .into_iter()
                    .next();
                let methods: Vec<u32> = facts
                    .symbols
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.parent == Some(index as u32))
                    .filter_map(|(i, _)| self.sym_node[file as usize][i])
                    .collect();
                let owner = class.unwrap_or(home);
                for method in methods {
                    self.parent[method as usize] = Some(owner);
                    self.edge(owner, method, EdgeKind::Contains, Resolution::Direct, None);
                    if let Some(class) = class {
                        let name = self.nodes[method as usize].name.clone();
                        self.nodes[method as usize].qualified_name =
                            format!("{}::{name}", self.nodes[class as usize].qualified_name);
                        self.add_member(class, &name, method);
                    }
                }
                let Some(class) = class else { continue };
                self.impl_class.insert((file, index as u32), class);
                if let Some(trait_text) = &symbol.detail {
                    self.file_stats[file as usize].inherits += 1;
                    if let Some(base) = self
                        .resolve_type(file, symbol.parent, trait_text)
                        .into_iter()
                        .next()
                    {
                        self.file_stats[file as usize].inherits_resolved += 1;
                        self.bases.entry(class).or_default().push(base);
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
        self.forget_lookups();
    }

    fn add_inherits(&mut self) {
        for file in 0..self.facts.len() {
            self.inherit_edges(file as u32, true);
        }
        self.forget_lookups();
    }

    /// `class A(B)` edges of one file; `record` also notes the bases for lookups.
    pub(super) fn inherit_edges(&mut self, file: u32, record: bool) {
        let facts = self.facts[file as usize].clone();
        for inherit in &facts.inherits {
            let Some(class) = self.sym_node[file as usize][inherit.class as usize] else {
                continue;
            };
            self.file_stats[file as usize].inherits += 1;
            let scope = facts.symbols[inherit.class as usize].parent;
            let bases: Vec<u32> = self.resolve_type(file, scope, &inherit.base);
            if let Some(&base) = bases.first() {
                self.file_stats[file as usize].inherits_resolved += 1;
                if record {
                    self.bases.entry(class).or_default().push(base);
                }
                self.edge(
                    class,
                    base,
                    EdgeKind::Inherits,
                    Resolution::Direct,
                    Some(inherit.line),
                );
            }
        }
    }

    fn index_fields_and_methods(&mut self) {
        for (file, facts) in self.facts.clone().iter().enumerate() {
            for (index, binding) in facts.bindings.iter().enumerate() {
                if !binding.field {
                    continue;
                }
                if let Some(class) = self.enclosing_class(file as u32, binding.scope) {
                    self.fields
                        .entry(class)
                        .or_default()
                        .entry(binding.name.as_str().into())
                        .or_default()
                        .push((file as u32, index as u32));
                }
            }
        }
        for (id, node) in self.nodes.iter().enumerate() {
            if node.kind == NodeKind::Method
                && let Some((file, symbol)) = self.origin[id]
            {
                let name: Box<str> = self.facts[file as usize].symbols[symbol as usize]
                    .name
                    .as_str()
                    .into();
                self.methods_by_name
                    .entry(name)
                    .or_default()
                    .push(id as u32);
            }
        }
    }

    fn add_import_edges(&mut self) {
        for file in 0..self.facts.len() {
            self.import_edges(file as u32);
        }
    }

    pub(super) fn import_edges(&mut self, file: u32) {
        let facts = self.facts[file as usize].clone();
        for (index, import) in facts.imports.iter().enumerate() {
            let home = self.home_module(file, import.scope);
            self.file_stats[file as usize].imports += 1;
            let targets = match (import.kind, self.family(file)) {
                (ImportKind::Module, Family::Python) => {
                    self.python_module(file, &import.path).into_iter().collect()
                }
                (ImportKind::Glob | ImportKind::SideEffect | ImportKind::Namespace, _) => {
                    self.import_source(file, index as u32)
                }
                _ => {
                    let found = self.resolve_import(file, index as u32);
                    if found.is_empty() {
                        self.import_source(file, index as u32)
                    } else {
                        found
                    }
                }
            };
            if targets.is_empty() {
                self.file_stats[file as usize].imports_external += 1;
                continue;
            }
            self.file_stats[file as usize].imports_resolved += 1;
            for target in targets {
                if target != home {
                    self.edge(
                        home,
                        target,
                        EdgeKind::Imports,
                        Resolution::Direct,
                        Some(import.line),
                    );
                }
            }
        }
    }

    /// Drops memoised lookups: members or bases changed since they were made.
    pub(super) fn forget_lookups(&mut self) {
        self.memo.clear();
        self.in_progress.clear();
        self.mro_memo.clear();
    }

    /// The module whose names are in scope at `symbol` (an inline Rust module, or the file's).
    fn home_module(&self, file: u32, mut symbol: Option<u32>) -> u32 {
        let facts = &self.facts[file as usize];
        while let Some(index) = symbol {
            let s = &facts.symbols[index as usize];
            if s.kind == SymbolKind::Module
                && let Some(node) = self
                    .sym_node
                    .get(file as usize)
                    .and_then(|n| n.get(index as usize))
                    .copied()
                    .flatten()
            {
                return node;
            }
            symbol = s.parent;
        }
        self.file_module[file as usize]
    }

    /// The class whose `self` is in scope at `symbol`.
    fn enclosing_class(&self, file: u32, mut symbol: Option<u32>) -> Option<u32> {
        let facts = &self.facts[file as usize];
        while let Some(index) = symbol {
            let s = &facts.symbols[index as usize];
            if s.kind == SymbolKind::Impl {
                return self.impl_class.get(&(file, index)).copied();
            }
            if s.kind.is_class_like() {
                return self.sym_node[file as usize][index as usize];
            }
            symbol = s.parent;
        }
        None
    }

    fn is_class(&self, node: u32) -> bool {
        self.nodes[node as usize].kind == NodeKind::Class
    }

    fn is_interface(&self, node: u32) -> bool {
        matches!(
            self.nodes[node as usize].symbol_kind,
            Some(SymbolKind::Trait | SymbolKind::Interface)
        )
    }
}
