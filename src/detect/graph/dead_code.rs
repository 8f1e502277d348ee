//! Functions and classes nothing refers to. Only names that cannot be reached from outside
//! are judged: Python `_private` names, and JS/TS functions a module does not export.
//! Exempt: dunders, decorated definitions (framework hooks), tests, names mentioned
//! anywhere else in their file (callbacks, `getattr`) or called by name anywhere.

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;

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
    let mut unused = Vec::new();
    for (path, node) in candidates {
        let text = texts.entry(path.clone()).or_insert_with(|| std::fs::read_to_string(ctx_root(ctx).join(&path)).ok());
        let Some(text) = text.as_deref() else { continue };
        let Ok(word) = regex::Regex::new(&format!(r"\b{}\b", regex::escape(&node.name))) else { continue };
        let mentions = word.find_iter(text).count();
        // Exported on its own line (`export function`, `module.exports = function f`); an
        // export elsewhere (`module.exports = { f }`, `export default f`) names it again,
        // so `mentions` already counts it.
        let exported = node.language.family() == Family::Ecma
            && text.lines().nth(node.line as usize - 1).is_some_and(|l| l.trim_start().starts_with("export") || l.contains("exports"));
        // JS/TS: only module-level declarations (`function f`, `const f = () =>`); a method
        // of an object literal or a getter is reached through its object.
        let line = text.lines().nth(node.line as usize - 1).unwrap_or("").trim_start();
        let declared = node.language.family() != Family::Ecma
            || ["function ", "async function ", "const ", "let ", "var "].iter().any(|k| line.starts_with(k));
        if mentions <= 1 && declared && !exported && !built_by_name(text, &node.name) {
            unused.push((path, node));
        }
    }
    // A private name can still be read from another file (`partialmethod(cls._helper)`,
    // `getattr(obj, "_helper")`): one pass over the other files of those languages.
    let names: HashSet<&str> = unused.iter().map(|(_, n)| n.name.as_str()).collect();
    let mentioned_elsewhere = mentions_in_other_files(ctx, &names, &unused);
    unused
        .into_iter()
        .filter(|(path, node)| !mentioned_elsewhere.contains(&(node.name.clone(), path.clone())))
        .map(|(_, node)| node_hit(ctx, rule, node, format!("{} `{}` is never used", node.kind.as_str(), node.name)))
        .collect()
}

/// (name, file it is defined in) for each candidate name that appears in some other file of
/// the same language family.
fn mentions_in_other_files(
    ctx: &GraphCtx<'_>,
    names: &HashSet<&str>,
    unused: &[(String, &crate::graph::model::Node)],
) -> HashSet<(String, String)> {
    let mut out = HashSet::new();
    if names.is_empty() {
        return out;
    }
    let alternation = names.iter().map(|n| regex::escape(n)).collect::<Vec<_>>().join("|");
    let Ok(word) = regex::Regex::new(&format!(r"\b({alternation})\b")) else { return out };
    let families: HashSet<Family> = unused.iter().map(|(_, n)| n.language.family()).collect();
    let root = ctx_root(ctx);
    let found: Vec<Vec<(String, String)>> = ctx
        .snap
        .files
        .par_iter()
        .filter(|file| families.contains(&file.language.family()))
        .map(|file| {
            let Ok(text) = std::fs::read_to_string(root.join(&file.path)) else { return Vec::new() };
            let mut here = Vec::new();
            for found in word.find_iter(&text) {
                for (path, node) in unused {
                    if node.name == found.as_str() && *path != file.path {
                        here.push((node.name.clone(), path.clone()));
                    }
                }
            }
            here
        })
        .collect();
    out.extend(found.into_iter().flatten());
    out
}

/// `getattr(view, "_get_current_%s" % period)`: a name put together from a string literal.
fn built_by_name(text: &str, name: &str) -> bool {
    static PREFIX: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"["']([A-Za-z_][A-Za-z0-9_]{2,})(%s|%\(|\{)"#).ok());
    PREFIX.as_ref().is_some_and(|re| re.captures_iter(text).any(|c| c.get(1).is_some_and(|p| name.starts_with(p.as_str()))))
}

fn ctx_root(ctx: &GraphCtx<'_>) -> std::path::PathBuf {
    ctx.config.root.clone().unwrap_or_default()
}
