//! Detectors over the whole graph (and over every file's local results at once): one file
//! each, one line each in `GRAPH_DETECTORS`.

mod call_cycle;
mod dead_code;
mod deep_inheritance;
mod duplicated_blocks;
mod feature_envy;
mod god_class;
mod god_module;
mod hub_function;
mod import_cycle;
mod layering_violation;
mod metrics;
pub mod reexports;
pub mod reuse;
mod shotgun_surgery;
pub mod taint;
mod unstable_dependency;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use petgraph::stable_graph::NodeIndex;
use petgraph::visit::{EdgeRef, IntoEdgeReferences};

use crate::detect::config::Config;
use crate::detect::local::{Hit, LocalResults};
use crate::detect::memory::Memory;
use crate::detect::rule::Rule;
use crate::graph::Snapshot;
use crate::graph::model::{EdgeKind, Node, NodeKind};

pub struct GraphCtx<'a> {
    pub snap: &'a Snapshot,
    pub local: &'a HashMap<&'a str, Arc<LocalResults>>,
    pub config: &'a Config,
    /// Per-file data kept between runs (see `detect::memory`).
    pub memory: &'a Memory,
    /// What several detectors derive from the same inputs, computed once per run.
    pub shared: Shared<'a>,
}

impl<'a> GraphCtx<'a> {
    pub fn new(
        snap: &'a Snapshot,
        local: &'a HashMap<&'a str, Arc<LocalResults>>,
        config: &'a Config,
        memory: &'a Memory,
    ) -> GraphCtx<'a> {
        GraphCtx {
            snap,
            local,
            config,
            memory,
            shared: Shared::default(),
        }
    }
}

#[derive(Default)]
pub struct Shared<'a> {
    import_graph: std::sync::OnceLock<HashMap<u32, HashMap<u32, u32>>>,
    taint_calls: std::sync::OnceLock<Vec<taint::Passed<'a>>>,
    taint_functions: std::sync::OnceLock<rustc_hash::FxHashMap<(&'a str, u32), NodeIndex>>,
    taint_makers: std::sync::OnceLock<taint::Makers<'a>>,
    /// File-local findings a graph detector found to be wrong: (file, rule, line).
    withdrawn: std::sync::Mutex<Vec<(String, String, u32)>>,
}

impl Shared<'_> {
    pub fn withdraw(&self, path: &str, rule: &str, line: u32) {
        if let Ok(mut withdrawn) = self.withdrawn.lock() {
            withdrawn.push((path.to_string(), rule.to_string(), line));
        }
    }

    /// What was withdrawn, sorted for lookup.
    pub fn withdrawn(&self) -> Vec<(String, String, u32)> {
        let mut out = self.withdrawn.lock().map(|w| w.clone()).unwrap_or_default();
        out.sort();
        out
    }
}

/// A graph detector: the context, its rule and its threshold → (file, hit) pairs.
pub type GraphDetector = fn(&GraphCtx<'_>, &Rule, Option<f64>) -> Vec<(String, Hit)>;

pub const GRAPH_DETECTORS: &[(&str, GraphDetector)] = &[
    ("call-cycle", call_cycle::run),
    ("cyclomatic-complexity", metrics::complexity),
    ("dead-code", dead_code::run),
    ("deep-inheritance", deep_inheritance::run),
    ("deep-nesting", metrics::nesting),
    ("duplicated-blocks", duplicated_blocks::run),
    ("feature-envy", feature_envy::run),
    ("god-class", god_class::run),
    ("god-module", god_module::run),
    ("hub-function", hub_function::run),
    ("import-cycle", import_cycle::run),
    ("large-file", metrics::large_file),
    ("layering-violation", layering_violation::run),
    ("long-function", metrics::long_function),
    ("long-parameter-list", metrics::parameters),
    ("missing-docstring", metrics::docstring),
    ("shotgun-surgery", shotgun_surgery::run),
    ("unstable-dependency", unstable_dependency::run),
];

pub fn find(id: &str) -> Option<GraphDetector> {
    GRAPH_DETECTORS
        .iter()
        .find(|(name, _)| *name == id)
        .map(|(_, run)| *run)
}

pub fn hit(rule: &Rule, line: u32, end_line: u32, message: String) -> Hit {
    Hit {
        rule: rule.id.clone(),
        line,
        end_line,
        column: 1,
        message,
        severity: None,
        flow: Vec::new(),
        value: None,
        audit: false,
    }
}

pub fn node_hit(ctx: &GraphCtx<'_>, rule: &Rule, node: &Node, message: String) -> (String, Hit) {
    (
        ctx.snap.file_path(node).to_string(),
        hit(rule, node.line, node.line, message),
    )
}

pub fn is_callable(node: &Node) -> bool {
    matches!(node.kind, NodeKind::Function | NodeKind::Method)
}

/// File → files it imports at load time (lazy imports inside functions and type-only
/// imports excluded), with the line of the first such import.
pub fn import_graph<'c>(ctx: &'c GraphCtx<'_>) -> &'c HashMap<u32, HashMap<u32, u32>> {
    ctx.shared
        .import_graph
        .get_or_init(|| compute_import_graph(ctx))
}

fn compute_import_graph(ctx: &GraphCtx<'_>) -> HashMap<u32, HashMap<u32, u32>> {
    let snap = ctx.snap;
    // Function spans per file number (an import inside a function runs late: not a cycle).
    let mut functions: Vec<Vec<(u32, u32)>> = vec![Vec::new(); snap.files.len()];
    for node in snap.graph.node_weights() {
        if is_callable(node)
            && let Some(spans) = functions.get_mut(node.file as usize)
        {
            spans.push((node.line, node.end_line));
        }
    }
    let mut type_only: HashMap<u32, HashSet<u32>> = HashMap::new();
    let mut out: HashMap<u32, HashMap<u32, u32>> = HashMap::new();
    for edge in (&snap.graph).edge_references() {
        if edge.weight().kind != EdgeKind::Imports {
            continue;
        }
        let (Some(source), Some(target)) = (snap.node(edge.source()), snap.node(edge.target()))
        else {
            continue;
        };
        if source.file == target.file {
            continue;
        }
        let type_only = type_only.entry(source.file).or_insert_with(|| {
            let path = snap
                .files
                .get(source.file as usize)
                .map_or("", |f| f.path.as_str());
            ctx.local
                .get(path)
                .map(|l| l.type_only.iter().copied().collect())
                .unwrap_or_default()
        });
        let spans = functions
            .get(source.file as usize)
            .map_or(&[][..], Vec::as_slice);
        let in_function = |line: u32| spans.iter().any(|(s, e)| *s < line && line <= *e);
        let eager = edge
            .weight()
            .lines
            .iter()
            .copied()
            .find(|l| !in_function(*l) && !type_only.contains(l));
        if let Some(line) = eager {
            let entry = out
                .entry(source.file)
                .or_default()
                .entry(target.file)
                .or_insert(line);
            *entry = (*entry).min(line);
        }
    }
    out
}

/// How many nodes call `node` over edges at or above `min_confidence` (one edge per caller
/// and callee: no list needed).
pub fn caller_count(snap: &Snapshot, node: NodeIndex, min_confidence: f32) -> usize {
    snap.graph
        .edges_directed(node, petgraph::Direction::Incoming)
        .filter(|e| e.weight().kind == EdgeKind::Calls && e.weight().confidence >= min_confidence)
        .count()
}

/// Callers (distinct nodes) of each node over call edges at or above `min_confidence`.
pub fn callers(snap: &Snapshot, node: NodeIndex, min_confidence: f32) -> Vec<NodeIndex> {
    let mut out: Vec<NodeIndex> = snap
        .graph
        .edges_directed(node, petgraph::Direction::Incoming)
        .filter(|e| e.weight().kind == EdgeKind::Calls && e.weight().confidence >= min_confidence)
        .map(|e| e.source())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
