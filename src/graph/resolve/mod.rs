//! Resolution: per-file facts → one graph. Every name is looked up the way its language
//! would (scopes, imports, re-exports, `mod` trees, method resolution order), never by a
//! global guess at full confidence. See `ARCHITECTURE.md` (`graph`).

mod aliases;
mod calls;
mod cfg;
mod chains;
mod contextual;
mod dispatch;
mod flow;
mod flow_carried;
mod generics;
mod guesses;
mod import_reach;
pub mod names;
mod objects;
mod outside;
mod outside_impls;
mod outside_returned;
mod outside_values;
mod packages;
mod patch;
mod phases;
mod primitives;
mod receivers;
mod refs;
mod rust_locals;
mod scope;
mod site;
pub mod types;

use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};
use thread_local::ThreadLocal;

use crate::graph::model::{EdgeKind, Node, NodeKind, Resolution, UnresolvedCalls};
use crate::lang::{Family, LangId};
use crate::parse::{FileFacts, SymbolKind};
pub use names::ProjectFiles;
use names::TsConfigs;
pub use patch::Patched;

/// Deepest chain of re-exports, glob imports or bases followed before giving up.
const MAX_DEPTH: usize = 24;

#[derive(Debug, Default, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ResolveStats {
    pub calls: usize,
    pub calls_resolved: usize,
    pub calls_ambiguous: usize,
    pub calls_unresolved: usize,
    /// Unresolved calls named as a builtin of the language, or a library's function.
    pub calls_builtin: usize,
    pub calls_external: usize,
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
/// `resolve_type` answers by (file, scope), then by the type as written (looked up by
/// `&str`, so no key is built for a lookup).
type TypeMemo = FxHashMap<(u32, Option<u32>), FxHashMap<Box<str>, Box<[u32]>>>;
/// A file's annotated bindings by (scope, name): the index of the first.
type Bounds = FxHashMap<(Option<u32>, Box<str>), u32>;

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
    /// `bases` the other way round (`index_implementors`).
    implementors: FxHashMap<u32, Vec<u32>>,
    /// Rust: (type, method) of each `impl` of a trait from outside the project, by the
    /// trait's path (`outside_impls.rs`).
    outside_impls: FxHashMap<String, Vec<(u32, u32)>>,
    /// Rust: the methods of each `impl` for a type from outside the project, by the crate
    /// that gives them and the type's path (`f32`, `Vec`, `mio::net::UnixStream`).
    foreign_impls: FxHashMap<(Box<str>, String), Vec<u32>>,
    /// The names of all `foreign_impls` methods: a call of another name reaches none of
    /// them, whatever its receiver's type.
    foreign_method_names: FxHashSet<Box<str>>,
    /// Rust: each crate's default features, by which `cfg` alternatives are chosen.
    crate_features: FxHashMap<String, FxHashSet<String>>,
    /// (class, field) → bindings that type it.
    fields: FxHashMap<u32, NameMap<Box<str>, (u32, u32)>>,
    methods_by_name: FxHashMap<Box<str>, Vec<u32>>,
    /// What the value-flow pass found for each Python call (`flow/`).
    flow: flow::Outcomes,
    /// Patches carried `flow` over instead of solving it again (`settle_flow`).
    flow_pending: bool,
    tsconfigs: TsConfigs,
    /// The project's own npm packages (bare imports of their names are ours).
    packages: packages::Packages,
    edges: FxHashMap<(u32, u32, EdgeKind), (Resolution, Vec<u32>)>,
    unresolved_calls: UnresolvedCalls,
    /// What each file's imports, inherits and calls came to (summed into `Resolved::stats`).
    file_stats: Vec<ResolveStats>,
    /// The files each file's imports reach (`import_edges`), where its name guesses may land.
    imported_files: Vec<Vec<u32>>,
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
    /// Per file, the first annotated binding of each (scope, name) (`generic_bound`): a file
    /// with many generic impls (a macro's expansions) asks for one per type it resolves.
    bounds: ThreadLocal<RefCell<FxHashMap<u32, std::sync::Arc<Bounds>>>>,
    /// `resolve_type` answers by (file, scope, type as written): the calls of one function
    /// ask for the same few types over and over (generated code most of all).
    type_memo: ThreadLocal<RefCell<TypeMemo>>,
}

pub fn resolve(facts: &[Arc<FileFacts>], project: &ProjectFiles, root_name: &str) -> Resolved {
    Resolver::build(facts, project, root_name).into_resolved()
}

impl Resolver {
    /// Resolves `facts` (sorted by path) into nodes and edges; the resolver keeps its tables
    /// so that `patch` can later bring one file up to date.
    pub fn build(facts: &[Arc<FileFacts>], project: &ProjectFiles, root_name: &str) -> Resolver {
        let (tsconfigs, mut warnings) = TsConfigs::new(project);
        let (packages, package_warnings) =
            packages::Packages::new(project, tsconfigs.custom_conditions().to_vec());
        warnings.extend(package_warnings);
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
            implementors: Default::default(),
            outside_impls: Default::default(),
            foreign_impls: Default::default(),
            foreign_method_names: Default::default(),
            crate_features: Default::default(),
            fields: Default::default(),
            methods_by_name: Default::default(),
            flow: Default::default(),
            flow_pending: false,
            tsconfigs,
            packages,
            edges: FxHashMap::with_capacity_and_hasher(
                nodes + calls / 2 + imports,
                Default::default(),
            ),
            unresolved_calls: UnresolvedCalls::with_files(facts.len()),
            file_stats: vec![ResolveStats::default(); facts.len()],
            imported_files: vec![Vec::new(); facts.len()],
            warnings,
            refs: None,
            owned_edges: Vec::new(),
            memo: ThreadLocal::new(),
            in_progress: ThreadLocal::new(),
            cut: ThreadLocal::new(),
            mro_memo: ThreadLocal::new(),
            bounds: ThreadLocal::new(),
            type_memo: ThreadLocal::new(),
        };
        let mut phase = std::time::Instant::now();
        let mut lap = |name: &str| {
            tracing::debug!(
                phase = name,
                ms = phase.elapsed().as_secs_f64() * 1000.0,
                rss = crate::process::memory::rss_mib(),
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
        r.flow = r.solve_flow();
        lap("value flow");
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
            total.calls_builtin += s.calls_builtin;
            total.calls_external += s.calls_external;
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

    /// Drops memoised lookups: members or bases changed since they were made.
    pub(super) fn forget_lookups(&mut self) {
        self.memo.clear();
        self.in_progress.clear();
        self.mro_memo.clear();
        self.bounds.clear();
        self.type_memo.clear();
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

    /// Whether a Python base comes from outside the project and gives the class behaviour:
    /// not `object`, nor what only types it (`Generic[T]`, `Protocol`, `ABC`).
    fn base_from_outside(&self, file: u32, inherit: &crate::parse::Inherit) -> bool {
        const TYPING_ONLY: &[&str] = &[
            "ABC",
            "Generic",
            "NamedTuple",
            "Protocol",
            "TypedDict",
            "object",
        ];
        let scope = self.facts[file as usize].symbols[inherit.class as usize].parent;
        !TYPING_ONLY.contains(&base_name(&inherit.base))
            && self.resolve_type(file, scope, &inherit.base).is_empty()
    }

    /// Whether a Python class is a `typing.Protocol`: a shape others match, never made.
    fn is_protocol(&self, class: u32) -> bool {
        let Some((file, symbol)) = self.origin[class as usize] else {
            return false;
        };
        self.facts[file as usize]
            .inherits
            .iter()
            .filter(|i| i.class == symbol)
            .any(|i| base_name(&i.base) == "Protocol")
    }

    fn is_interface(&self, node: u32) -> bool {
        matches!(
            self.nodes[node as usize].symbol_kind,
            Some(SymbolKind::Trait | SymbolKind::Interface)
        )
    }
}

/// The last name of a Python base as written: `typing.Generic[T]` → `Generic`.
fn base_name(base: &str) -> &str {
    let head = base.split('[').next().unwrap_or_default();
    head.rsplit('.').next().unwrap_or(head).trim()
}
