//! The phases of a resolution, in order: modules, symbols, import bindings, Rust `impl`
//! attachment, inheritance, field and method indexes, import edges. Calls follow in
//! `calls.rs`.

use crate::graph::model::{EdgeKind, Node, NodeKind, Resolution};
use crate::lang::Family;
use crate::parse::{FileFacts, ImportKind, Symbol, SymbolKind};

use super::names::{self, Crates, PythonNames};
use super::{ProjectFiles, Resolver};

impl Resolver {
    pub(super) fn add_modules(&mut self, project: &ProjectFiles, root_name: &str) {
        let mut crates = Crates::new(project, root_name);
        self.crate_features = std::mem::take(&mut crates.features);
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

    pub(super) fn add_symbols(&mut self, file: u32) {
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
        // A method outside any class (in an object literal) is no name in its scope.
        if !in_impl && !loose_method(facts, symbol) {
            self.add_member(parent, &symbol.name, id);
        }
        if symbol.kind == SymbolKind::Module {
            let qn = self.nodes[id as usize].qualified_name.clone();
            self.module_index.entry(qn).or_default().push(id);
        }
        Some(id)
    }

    pub(super) fn index_imports(&mut self) {
        for (file, facts) in self.facts.clone().iter().enumerate() {
            let file = file as u32;
            self.index_file_imports(file);
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
    pub(super) fn attach_impls(&mut self) {
        for (file, facts) in self.facts.clone().iter().enumerate() {
            let file = file as u32;
            // Each impl's definitions, read in one pass: a JavaScript file has an impl per
            // prototype method.
            let mut children: rustc_hash::FxHashMap<u32, Vec<u32>> = Default::default();
            for (i, s) in facts.symbols.iter().enumerate() {
                if let Some(parent) = s.parent
                    && facts.symbols[parent as usize].kind == SymbolKind::Impl
                {
                    children.entry(parent).or_default().push(i as u32);
                }
            }
            for (index, symbol) in facts.symbols.iter().enumerate() {
                if symbol.kind != SymbolKind::Impl {
                    continue;
                }
                let home = self.home_module(file, Some(index as u32));
                let mut class = self
                    .resolve_type(file, symbol.parent, &symbol.name)
                    .into_iter()
                    .next();
                let base = symbol.detail.as_ref().and_then(|trait_text| {
                    self.resolve_type(file, symbol.parent, trait_text)
                        .into_iter()
                        .next()
                });
                // `impl<R: Read> Read for &mut R`: the type is a parameter bounded by the
                // very trait implemented, not the trait itself. Its methods are no members
                // of the trait (they would stand for its declarations) and the trait does
                // not inherit from itself.
                if class.is_some() && base == class {
                    class = None;
                }
                let methods: Vec<u32> = children
                    .get(&(index as u32))
                    .map_or(&[][..], Vec::as_slice)
                    .iter()
                    .filter_map(|&i| self.sym_node[file as usize][i as usize])
                    .collect();
                let owner = class.unwrap_or(home);
                for &method in &methods {
                    self.parent[method as usize] = Some(owner);
                    self.edge(owner, method, EdgeKind::Contains, Resolution::Direct, None);
                    if let Some(class) = class {
                        let name = self.nodes[method as usize].name.clone();
                        let separator = facts.language.spec().separator;
                        self.nodes[method as usize].qualified_name = format!(
                            "{}{separator}{name}",
                            self.nodes[class as usize].qualified_name
                        );
                        self.add_member(class, &name, method);
                    }
                }
                let Some(class) = class else {
                    self.note_foreign_impl(file, symbol.parent, &symbol.name, &methods);
                    continue;
                };
                self.impl_class.insert((file, index as u32), class);
                if base.is_none()
                    && let Some(path) = symbol.detail.as_ref().and_then(|trait_text| {
                        self.outside_trait_path(file, symbol.parent, trait_text)
                    })
                {
                    self.note_outside_impl(path, class, &methods);
                }
                if symbol.detail.is_some() {
                    self.file_stats[file as usize].inherits += 1;
                    if let Some(base) = base {
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

    pub(super) fn add_inherits(&mut self) {
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

    /// Classes that extend or implement each class, trait or interface (direct).
    pub(super) fn index_implementors(&mut self) {
        let mut implementors: rustc_hash::FxHashMap<u32, Vec<u32>> = Default::default();
        for (&class, bases) in &self.bases {
            for &base in bases {
                implementors.entry(base).or_default().push(class);
            }
        }
        for list in implementors.values_mut() {
            list.sort_unstable();
            list.dedup();
        }
        self.implementors = implementors;
    }

    pub(super) fn index_fields_and_methods(&mut self) {
        self.index_implementors();
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
                && let facts = &self.facts[file as usize]
                && !loose_method(facts, &facts.symbols[symbol as usize])
            {
                let name: Box<str> = facts.symbols[symbol as usize].name.as_str().into();
                self.methods_by_name
                    .entry(name)
                    .or_default()
                    .push(id as u32);
            }
        }
    }

    pub(super) fn add_import_edges(&mut self) {
        for file in 0..self.facts.len() {
            self.import_edges(file as u32);
        }
    }

    /// The names one file's imports bind, by the module they bind them in.
    pub(super) fn index_file_imports(&mut self, file: u32) {
        let facts = self.facts[file as usize].clone();
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
    }

    /// Takes one file's imports out of the index (before its facts change).
    pub(super) fn unindex_file_imports(&mut self, file: u32) {
        let facts = self.facts[file as usize].clone();
        let mut homes: Vec<u32> = facts
            .imports
            .iter()
            .map(|i| self.home_module(file, i.scope))
            .collect();
        homes.sort_unstable();
        homes.dedup();
        for home in homes {
            if let Some(names) = self.bindings.get_mut(&home) {
                for entries in names.values_mut() {
                    entries.retain(|(f, _)| *f != file);
                }
                names.retain(|_, entries| !entries.is_empty());
            }
            if let Some(globs) = self.globs.get_mut(&home) {
                globs.retain(|(f, _)| *f != file);
            }
        }
    }

    pub(super) fn import_edges(&mut self, file: u32) {
        let facts = self.facts[file as usize].clone();
        let mut reached = Vec::new();
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
                reached.push(self.nodes[target as usize].file);
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
        reached.sort_unstable();
        reached.dedup();
        if let Some(slot) = self.imported_files.get_mut(file as usize) {
            *slot = reached;
        }
    }
}

/// A method of no class (an object literal's): not a name in its scope, and not a
/// candidate when a method is guessed by name, since it is reached through its object.
pub(super) fn loose_method(facts: &FileFacts, symbol: &Symbol) -> bool {
    symbol.kind == SymbolKind::Method
        && !symbol
            .parent
            .is_some_and(|p| facts.symbols[p as usize].kind.holds_methods())
}
