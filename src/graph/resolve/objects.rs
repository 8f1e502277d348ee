//! Object literals used as namespaces (`const api = { get, post: send, ...helpers }`,
//! `export const provider = { now() {} }`): a call `api.get()` reaches what the entry
//! names, in the file or through an import of the object.

use crate::graph::resolve::Resolver;
use crate::graph::resolve::calls::{LocalBindings, Receiver};
use crate::graph::resolve::phases::loose_method;
use crate::parse::{Binding, BindingSource, ImportKind};

/// An object literal found for a name: its file, the scope it was written in, its entries.
pub(super) type Object = (u32, Option<u32>, String);

impl Resolver {
    /// The object literal `name` holds at `scope`: the innermost binding of it in the
    /// file, or the exported binding an import of it names.
    pub(super) fn object_named(
        &self,
        file: u32,
        scope: Option<u32>,
        name: &str,
        locals: &LocalBindings<'_>,
    ) -> Option<Vec<Object>> {
        if let Some(found) = self.innermost_bindings(file, scope, name, locals) {
            let objects: Vec<Object> = found
                .iter()
                .filter(|b| b.source == BindingSource::Object)
                .map(|b| (file, b.scope, b.type_text.clone()))
                .collect();
            return (!objects.is_empty()).then_some(objects);
        }
        let objects: Vec<Object> = self
            .imported_bindings(file, scope, name)
            .into_iter()
            .filter(|(_, b)| b.source == BindingSource::Object)
            .map(|(source, b)| (source, None, b.type_text.clone()))
            .collect();
        (!objects.is_empty()).then_some(objects)
    }

    /// The module-level bindings an import of `name` at `scope` names in the modules it
    /// imports from (`import { api } from "./api"` → `export const api = …`).
    pub(super) fn imported_bindings(
        &self,
        file: u32,
        scope: Option<u32>,
        name: &str,
    ) -> Vec<(u32, &Binding)> {
        let home = self.home_module(file, scope);
        let Some(imports) = self.bindings.get(&home).and_then(|b| b.get(name)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for &(from, index) in imports {
            let import = &self.facts[from as usize].imports[index as usize];
            let exported = match import.kind {
                ImportKind::Member => import.name.as_deref().unwrap_or(name),
                _ => continue,
            };
            for module in self.import_source(from, index) {
                let source = self.nodes[module as usize].file;
                out.extend(
                    self.facts[source as usize]
                        .bindings
                        .iter()
                        .filter(|b| b.scope.is_none() && !b.field && b.name == exported)
                        .map(|b| (source, b)),
                );
            }
        }
        out
    }

    /// The receiver an object literal is once `rest` (`z.iso` → `iso`) is read off it: a
    /// module or class named by an entry, or the object itself.
    pub(super) fn object_receiver(&self, objects: Vec<Object>, rest: &[&str]) -> Receiver {
        let Some((first, further)) = rest.split_first() else {
            return Receiver::Object(objects);
        };
        let nodes: Vec<u32> = objects
            .iter()
            .flat_map(|object| self.object_member(object, first))
            .collect();
        let nodes = self.members_along(nodes, further);
        if self.all_namespaces(&nodes) {
            Receiver::Static(nodes)
        } else {
            Receiver::Unknown
        }
    }

    /// What entry `name` of an object literal is: the definition a `key=path` entry names,
    /// the member of a spread namespace, or a method written in place.
    pub(super) fn object_member(&self, (file, scope, entries): &Object, name: &str) -> Vec<u32> {
        let mut out = Vec::new();
        for entry in entries.split(',') {
            if let Some(path) = entry.strip_prefix("...") {
                for spread in self.resolve_path(*file, *scope, path) {
                    if self.is_namespace(spread) {
                        out.extend(self.lookup_member(spread, name));
                    }
                }
            } else if let Some(method) = entry.strip_suffix("()") {
                if method == name {
                    out.extend(self.loose_methods(*file, name));
                }
            } else if let Some((key, path)) = entry.split_once('=')
                && key == name
            {
                out.extend(self.resolve_path(*file, *scope, path));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The methods named `name` written in object literals of `file`.
    fn loose_methods(&self, file: u32, name: &str) -> Vec<u32> {
        let facts = &self.facts[file as usize];
        facts
            .symbols
            .iter()
            .enumerate()
            .filter(|(_, s)| s.name == name && loose_method(facts, s))
            .filter_map(|(i, _)| self.sym_node[file as usize][i])
            .collect()
    }
}
