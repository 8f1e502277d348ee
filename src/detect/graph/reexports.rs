//! Imports that look unused in their file but are re-exported: another project file
//! imports the name from this module (a compatibility shim such as
//! `try: from psycopg import errors` / `except ImportError: from psycopg2 import errors`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use petgraph::Direction;
use petgraph::visit::EdgeRef;

use crate::detect::local::{LocalResults, unused_import_name};
use crate::graph::Snapshot;
use crate::graph::model::{EdgeKind, NodeKind};

/// The `unused-import` hits (path, line, name) whose name another file imports from the
/// hit's module.
pub fn reexported(
    snap: &Snapshot,
    decoded: &HashMap<&str, Arc<LocalResults>>,
) -> HashSet<(String, u32, String)> {
    let mut unused: HashMap<&str, Vec<(u32, &str)>> = HashMap::new();
    for (path, results) in decoded {
        for hit in results.hits.iter().filter(|h| h.rule == "unused-import") {
            if let Some(name) = unused_import_name(&hit.message) {
                unused.entry(*path).or_default().push((hit.line, name));
            }
        }
    }
    let mut out = HashSet::new();
    if unused.is_empty() {
        return out;
    }
    for index in snap.graph.node_indices() {
        let Some(module) = snap.node(index).filter(|n| n.kind == NodeKind::Module) else {
            continue;
        };
        let Some(names) = unused.get(snap.file_path(module)) else {
            continue;
        };
        for edge in snap.graph.edges_directed(index, Direction::Incoming) {
            if edge.weight().kind != EdgeKind::Imports {
                continue;
            }
            let Some(importer) = snap.node(edge.source()) else {
                continue;
            };
            let Some(imported) = decoded.get(snap.file_path(importer)) else {
                continue;
            };
            let lines = &edge.weight().lines;
            let names_imported = imported
                .imported
                .iter()
                .filter(|(line, _)| lines.contains(line))
                .map(|(_, name)| name.as_str());
            for name in names_imported {
                for &(line, unused_name) in names.iter().filter(|(_, n)| *n == name) {
                    let path = snap.file_path(module).to_string();
                    out.insert((path, line, unused_name.to_string()));
                }
            }
        }
    }
    out
}
