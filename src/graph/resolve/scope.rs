//! Name lookup: module scopes, imports and re-exports, paths, class members in method
//! resolution order. All lookups are memoised and guarded against import cycles.

use crate::graph::model::NodeKind;
use crate::graph::resolve::names;
use crate::graph::resolve::types;
use crate::graph::resolve::{MAX_DEPTH, Resolver};
use crate::lang::Family;
use crate::parse::{ImportKind, SymbolKind};

impl Resolver {
    /// Runs `compute` once per (module, name, export?) and guards against cycles.
    fn memoised(
        &self,
        module: u32,
        name: &str,
        export: bool,
        compute: impl FnOnce() -> Vec<u32>,
    ) -> Vec<u32> {
        let memo = self.memo.get_or_default();
        if let Some(found) = memo
            .borrow()
            .get(&(module, export))
            .and_then(|m| m.get(name))
        {
            return found.clone();
        }
        let in_progress = self.in_progress.get_or_default();
        let cut = self.cut.get_or_default();
        let key = (module, Box::<str>::from(name), export);
        if in_progress.borrow().len() > MAX_DEPTH || !in_progress.borrow_mut().insert(key.clone()) {
            cut.set(true);
            return Vec::new();
        }
        let outer_cut = cut.replace(false);
        let mut found = compute();
        found.dedup();
        in_progress.borrow_mut().remove(&key);
        if !cut.get() {
            memo.borrow_mut()
                .entry((module, export))
                .or_default()
                .insert(key.1, found.clone());
        }
        // A cut below this lookup also makes every lookup above it context-dependent.
        cut.set(outer_cut || cut.get());
        found
    }

    /// What `name` means at the top level of `module`: its definitions and submodules,
    /// then its imports, then what its glob imports bring in.
    pub(super) fn lookup_in_module(&self, module: u32, name: &str) -> Vec<u32> {
        self.memoised(module, name, false, || {
            if let Some(found) = self.members.get(&module).and_then(|m| m.get(name)) {
                return found.clone();
            }
            let mut out = Vec::new();
            if let Some(imports) = self.bindings.get(&module).and_then(|b| b.get(name)) {
                for &(file, index) in imports {
                    out.extend(self.resolve_import(file, index));
                }
            }
            if !out.is_empty() {
                return out;
            }
            for &(file, index) in self.globs.get(&module).map(Vec::as_slice).unwrap_or(&[]) {
                for source in self.import_source(file, index) {
                    out.extend(self.lookup_through_glob(file, source, name));
                }
            }
            out
        })
    }

    fn lookup_through_glob(&self, file: u32, source: u32, name: &str) -> Vec<u32> {
        match self.family(file) {
            Family::Python => {
                if self
                    .all_names
                    .get(&source)
                    .is_some_and(|all| !all.contains(name))
                    || name.starts_with('_')
                {
                    return Vec::new();
                }
                self.lookup_in_module(source, name)
            }
            Family::Ecma => self.lookup_export(source, name),
            Family::Rust => self.lookup_member(source, name),
        }
    }

    /// What importers of an ES module get for `name`.
    pub(super) fn lookup_export(&self, module: u32, name: &str) -> Vec<u32> {
        self.memoised(module, name, true, || {
            let file = self.nodes[module as usize].file;
            let facts = &self.facts[file as usize];
            let mut out = Vec::new();
            for export in facts.exports.iter().filter(|e| e.name == name) {
                out.extend(self.lookup_in_module(module, &export.local));
            }
            for (index, import) in facts.imports.iter().enumerate() {
                if import.reexport && import.local_name() == Some(name) {
                    out.extend(self.resolve_import(file, index as u32));
                }
            }
            if out.is_empty()
                && let Some(found) = self.members.get(&module).and_then(|m| m.get(name))
            {
                out.extend(found.iter().copied());
            }
            if out.is_empty() {
                for (index, import) in facts.imports.iter().enumerate() {
                    if import.reexport && import.kind == ImportKind::Glob {
                        for source in self.import_source(file, index as u32) {
                            out.extend(self.lookup_export(source, name));
                        }
                    }
                }
            }
            out
        })
    }

    /// The nodes an import binds.
    pub(super) fn resolve_import(&self, file: u32, index: u32) -> Vec<u32> {
        let import = &self.facts[file as usize].imports[index as usize];
        match self.family(file) {
            Family::Python => match import.kind {
                ImportKind::Module => {
                    let path = match &import.alias {
                        Some(_) => import.path.as_str(),
                        None => import.path.split('.').next().unwrap_or(""),
                    };
                    self.python_module(file, path).into_iter().collect()
                }
                ImportKind::Member => {
                    let (Some(module), Some(name)) =
                        (self.python_module(file, &import.path), &import.name)
                    else {
                        return Vec::new();
                    };
                    let found = self.lookup_in_module(module, name);
                    if !found.is_empty() {
                        return found;
                    }
                    let submodule = format!(
                        "{}.{name}",
                        self.python_import_name
                            .get(&module)
                            .map_or("", String::as_str)
                    );
                    self.module_index
                        .get(&submodule)
                        .cloned()
                        .unwrap_or_default()
                }
                _ => Vec::new(),
            },
            Family::Ecma => {
                let Some(module) = self.ecma_module(file, &import.path) else {
                    return Vec::new();
                };
                match import.kind {
                    ImportKind::Member => {
                        self.lookup_export(module, import.name.as_deref().unwrap_or(""))
                    }
                    ImportKind::Default => {
                        let found = self.lookup_export(module, "default");
                        if found.is_empty() {
                            vec![module]
                        } else {
                            found
                        }
                    }
                    _ => vec![module],
                }
            }
            Family::Rust => {
                let home = self.home_module(file, import.scope);
                let mut segments: Vec<&str> =
                    import.path.split("::").filter(|s| !s.is_empty()).collect();
                if let Some(name) = &import.name {
                    segments.push(name);
                }
                self.resolve_rust_path(home, &segments)
            }
        }
    }

    /// The module an import reads from.
    pub(super) fn import_source(&self, file: u32, index: u32) -> Vec<u32> {
        let import = &self.facts[file as usize].imports[index as usize];
        match self.family(file) {
            Family::Python => self.python_module(file, &import.path).into_iter().collect(),
            Family::Ecma => self.ecma_module(file, &import.path).into_iter().collect(),
            Family::Rust => {
                let home = self.home_module(file, import.scope);
                let segments: Vec<&str> =
                    import.path.split("::").filter(|s| !s.is_empty()).collect();
                self.resolve_rust_path(home, &segments)
            }
        }
    }

    /// A Python module by import name; leading dots are relative to the importing file.
    pub(super) fn python_module(&self, file: u32, spec: &str) -> Option<u32> {
        let dots = spec.len() - spec.trim_start_matches('.').len();
        let rest = &spec[dots..];
        let name = if dots == 0 {
            rest.to_string()
        } else {
            let module = self.file_module[file as usize];
            let own = self.python_import_name.get(&module)?;
            let mut package: Vec<&str> = own.split('.').collect();
            let path = &self.facts[file as usize].path;
            if !names::PythonNames::is_package(path) {
                package.pop();
            }
            for _ in 1..dots {
                package.pop()?;
            }
            if !rest.is_empty() {
                package.push(rest);
            }
            package.join(".")
        };
        self.module_index
            .get(&name)
            .and_then(|m| m.first().copied())
    }

    /// An ES module by specifier: relative, or through tsconfig `baseUrl`/`paths`.
    pub(super) fn ecma_module(&self, file: u32, spec: &str) -> Option<u32> {
        let path = &self.facts[file as usize].path;
        if spec.starts_with('.') {
            let dir = path.rsplit_once('/').map_or("", |(d, _)| d);
            return names::resolve_ecma_path(&self.ecma_paths, &names::join(dir, spec));
        }
        if let Some(found) = self
            .tsconfigs
            .candidates(path, spec)
            .iter()
            .find_map(|candidate| names::resolve_ecma_path(&self.ecma_paths, candidate))
        {
            return Some(found);
        }
        self.packages
            .candidates(spec)
            .iter()
            .find_map(|candidate| names::resolve_ecma_path(&self.ecma_paths, candidate))
    }

    /// A Rust path from a module: `crate::`, `self::`, `super::`, names in scope, other crates.
    pub(super) fn resolve_rust_path(&self, home: u32, segments: &[&str]) -> Vec<u32> {
        let Some((&first, mut rest)) = segments.split_first() else {
            return Vec::new();
        };
        let mut current: Vec<u32> = match first {
            "crate" => self.crate_root(home).into_iter().collect(),
            "self" => vec![home],
            "super" => {
                let mut module = self.parent_module(home);
                while rest.first() == Some(&"super") {
                    module = module.and_then(|m| self.parent_module(m));
                    rest = &rest[1..];
                }
                module.into_iter().collect()
            }
            name => {
                let found = self.lookup_in_module(home, name);
                if found.is_empty() {
                    self.crate_roots.get(name).copied().into_iter().collect()
                } else {
                    found
                }
            }
        };
        for segment in rest {
            current = current
                .iter()
                .flat_map(|&node| self.lookup_member(node, segment))
                .collect();
            if current.is_empty() {
                break;
            }
        }
        current
    }

    fn crate_root(&self, module: u32) -> Option<u32> {
        let qn = &self.nodes[module as usize].qualified_name;
        let name = qn.split("::").next()?;
        self.crate_roots.get(name).copied()
    }

    fn parent_module(&self, module: u32) -> Option<u32> {
        let qn = &self.nodes[module as usize].qualified_name;
        let (parent, _) = qn.rsplit_once("::")?;
        self.module_index
            .get(parent)
            .and_then(|m| m.first().copied())
    }

    /// `name` as an attribute of a node: a module's top level, a class's members (and its
    /// bases'), a function's nested definitions.
    pub(super) fn lookup_member(&self, node: u32, name: &str) -> Vec<u32> {
        match self.nodes[node as usize].kind {
            NodeKind::Module => self.lookup_in_module(node, name),
            NodeKind::Class => self
                .class_member(node, name)
                .map(|(found, _)| found)
                .unwrap_or_default(),
            _ => self
                .members
                .get(&node)
                .and_then(|m| m.get(name))
                .cloned()
                .unwrap_or_default(),
        }
    }

    /// A member of a class or of the first base (in MRO) that has it, with the class it was
    /// found in.
    pub(super) fn class_member(&self, class: u32, name: &str) -> Option<(Vec<u32>, u32)> {
        self.mro(class).into_iter().find_map(|owner| {
            self.members
                .get(&owner)
                .and_then(|m| m.get(name))
                .map(|found| (found.clone(), owner))
        })
    }

    /// Method resolution order: depth-first, left to right, each class after all its
    /// subclasses (Python's C3 order for the usual diamonds).
    pub(super) fn mro(&self, class: u32) -> Vec<u32> {
        let mro_memo = self.mro_memo.get_or_default();
        if let Some(found) = mro_memo.borrow().get(&class) {
            return found.clone();
        }
        let mut order = Vec::new();
        let mut stack = vec![(class, 0usize)];
        while let Some((node, depth)) = stack.pop() {
            if depth > MAX_DEPTH || order.len() > 256 {
                continue;
            }
            order.push(node);
            if let Some(bases) = self.bases.get(&node) {
                for &base in bases.iter().rev() {
                    stack.push((base, depth + 1));
                }
            }
        }
        let mut seen = rustc_hash::FxHashSet::default();
        let mut mro: Vec<u32> = order
            .into_iter()
            .rev()
            .filter(|n| seen.insert(*n))
            .collect();
        mro.reverse();
        mro_memo.borrow_mut().insert(class, mro.clone());
        mro
    }

    /// A bare name at a point in a file: enclosing functions' nested definitions (class
    /// bodies are not scopes for their methods), then the module.
    pub(super) fn lookup_name(&self, file: u32, mut symbol: Option<u32>, name: &str) -> Vec<u32> {
        let facts = &self.facts[file as usize];
        while let Some(index) = symbol {
            let s = &facts.symbols[index as usize];
            if s.kind == SymbolKind::Module {
                break;
            }
            if s.kind.is_function_like()
                && let Some(node) = self.sym_node[file as usize][index as usize]
                && let Some(found) = self.members.get(&node).and_then(|m| m.get(name))
            {
                return found.clone();
            }
            symbol = s.parent;
        }
        let home = self.home_module(file, symbol);
        let found = self.lookup_in_module(home, name);
        if found.is_empty() && self.family(file) == Family::Rust {
            return self.crate_roots.get(name).copied().into_iter().collect();
        }
        found
    }

    /// A dotted or `::` path at a point in a file.
    pub(super) fn resolve_path(&self, file: u32, symbol: Option<u32>, text: &str) -> Vec<u32> {
        let rust = self.family(file) == Family::Rust;
        let segments: Vec<&str> = if rust || text.contains("::") {
            text.split("::").collect()
        } else {
            text.split('.').collect()
        };
        let Some((&first, rest)) = segments.split_first() else {
            return Vec::new();
        };
        if rust && matches!(first, "crate" | "self" | "super") {
            return self.resolve_rust_path(self.home_module(file, symbol), &segments);
        }
        if rust && first == "Self" {
            let mut current: Vec<u32> = self.enclosing_class(file, symbol).into_iter().collect();
            for segment in rest {
                current = current
                    .iter()
                    .flat_map(|&n| self.lookup_member(n, segment))
                    .collect();
            }
            return current;
        }
        let mut current = self.lookup_name(file, symbol, first);
        for segment in rest {
            current = current
                .iter()
                .flat_map(|&n| self.lookup_member(n, segment))
                .collect();
            if current.is_empty() {
                break;
            }
        }
        current
    }

    /// The classes a type as written names: each member's of a union.
    pub(super) fn resolve_type(&self, file: u32, symbol: Option<u32>, text: &str) -> Vec<u32> {
        let memo = self.type_memo.get_or_default();
        if let Some(known) = memo
            .borrow()
            .get(&(file, symbol))
            .and_then(|texts| texts.get(text))
        {
            return known.to_vec();
        }
        let found = self.resolve_type_now(file, symbol, text);
        memo.borrow_mut()
            .entry((file, symbol))
            .or_default()
            .insert(text.into(), found.clone().into());
        found
    }

    fn resolve_type_now(&self, file: u32, symbol: Option<u32>, text: &str) -> Vec<u32> {
        let members = types::union_members(text);
        if let [one] = members[..] {
            return self.resolve_one_type(file, symbol, one);
        }
        let mut out = Vec::new();
        for member in members {
            for class in self.resolve_one_type(file, symbol, member) {
                if !out.contains(&class) {
                    out.push(class);
                }
            }
        }
        out
    }

    fn resolve_one_type(&self, file: u32, symbol: Option<u32>, text: &str) -> Vec<u32> {
        let Some(clean) = types::clean(text) else {
            return Vec::new();
        };
        // Rust's `Self`; JavaScript's `this`, where a local holds it (`var self = this`).
        if clean == "Self" || (clean == "this" && self.family(file) == Family::Ecma) {
            return self.enclosing_class(file, symbol).into_iter().collect();
        }
        let mut found = self.resolve_path(file, symbol, &clean);
        if self.family(file) == Family::Ecma {
            found = self.module_exports(found);
        }
        found.retain(|&n| self.is_class(n));
        if found.is_empty() && self.family(file) == Family::Rust {
            found = self.generic_bound(file, symbol, &clean);
        }
        if found.is_empty() && self.family(file) == Family::Rust {
            found = self.associated_bound(file, symbol, &clean);
        }
        self.through_aliases(found)
    }

    /// JavaScript: each module among `nodes` stands for what it exports as its default
    /// (CommonJS's `module.exports = Layer`, which `require` gives), or for nothing.
    pub(super) fn module_exports(&self, nodes: Vec<u32>) -> Vec<u32> {
        nodes
            .into_iter()
            .flat_map(|n| match self.nodes[n as usize].kind {
                NodeKind::Module => self.lookup_export(n, "default"),
                _ => vec![n],
            })
            .collect()
    }
}
