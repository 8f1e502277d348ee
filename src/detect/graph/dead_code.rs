//! Functions and classes nothing refers to. Only names that cannot be reached from outside
//! are judged: Python `_private` names, and JS/TS functions a module does not export.
//! Exempt: dunders, decorated definitions (framework hooks), tests, names mentioned
//! anywhere else in their file (callbacks, `getattr`) or called by name anywhere.

use std::collections::{HashMap, HashSet};


use crate::detect::graph::{GraphCtx, node_hit};
use crate::detect::local::{Hit, is_test_path};
use crate::detect::rule::Rule;
use crate::graph::model::{EdgeKind, NodeKind};
use crate::lang::Family;

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, _limit: Option<f64>) -> Vec<(String, Hit)> {
    let snap = ctx.snap;
    let called_by_name: HashSet<&str> = snap.unresolved_calls.iter().map(|c| c.name.as_str()).collect();
    let mut candidates = Vec::new();
    for index in snap.graph.node_indices() {
        let Some(node) = snap.node(index) else { continue };
        if !matches!(node.kind, NodeKind::Function | NodeKind::Method | NodeKind::Class) {
            continue;
        }
        let path = snap.file_path(node);
        if is_test_path(path) || called_by_name.contains(node.name.as_str()) {
            continue;
        }
        let private = match node.language.family() {
            Family::Python => node.name.starts_with('_') && !node.name.starts_with("__"),
            Family::Ecma => node.kind == NodeKind::Function,
            Family::Rust => false,
        };
        if !private || ctx.local.get(path).is_some_and(|l| l.decorated.contains(&node.line)) {
            continue;
        }
        let referenced = snap
            .graph
            .edges_directed(index, petgraph::Direction::Incoming)
            .any(|e| e.weight().kind != EdgeKind::Contains);
        if !referenced {
            candidates.push((path.to_string(), node));
        }
    }
    let mut texts: HashMap<String, Option<String>> = HashMap::new();
    let mut out = Vec::new();
    for (path, node) in candidates {
        let text = texts.entry(path.clone()).or_insert_with(|| std::fs::read_to_string(ctx_root(ctx).join(&path)).ok());
        let Some(text) = text.as_deref() else { continue };
        let Ok(word) = regex::Regex::new(&format!(r"\b{}\b", regex::escape(&node.name))) else { continue };
        let mentions = word.find_iter(text).count();
        let exported = node.language.family() == Family::Ecma
            && (text.lines().nth(node.line as usize - 1).is_some_and(|l| l.trim_start().starts_with("export"))
                || text.contains("module.exports") || text.contains("export default"));
        if mentions <= 1 && !exported {
            out.push(node_hit(ctx, rule, node, format!("{} `{}` is never used", node.kind.as_str(), node.name)));
        }
    }
    out
}

fn ctx_root(ctx: &GraphCtx<'_>) -> std::path::PathBuf {
    ctx.config.root.clone().unwrap_or_default()
}
