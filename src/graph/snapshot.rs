//! `Snapshot`: the immutable graph every reader sees, and `SharedSnapshot`, the `ArcSwap`
//! writers publish new ones through. Nothing mutates a snapshot once built.

use std::collections::HashMap;
use std::sync::Arc;

use arc_swap::ArcSwap;
use petgraph::stable_graph::{NodeIndex, StableDiGraph};

use crate::graph::model::{Edge, Node, UnresolvedCall};
use crate::graph::resolve::{self, ProjectFiles, ResolveStats};
use crate::lang::LangId;
use crate::parse::{Diagnostic, FileFacts};

/// Per-file facts the graph keeps beside its nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct FileInfo {
    pub path: String,
    pub language: LangId,
    pub lines: u32,
    pub hash: [u8; 32],
    pub lossy: bool,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Debug, Default)]
pub struct Snapshot {
    pub graph: StableDiGraph<Node, Edge>,
    pub files: Vec<FileInfo>,
    pub by_qualified_name: HashMap<String, Vec<NodeIndex>>,
    pub unresolved_calls: Vec<UnresolvedCall>,
    pub stats: ResolveStats,
    pub warnings: Vec<String>,
}

impl Snapshot {
    /// Builds the graph from facts (sorted by path for a deterministic graph).
    pub fn build(facts: &[FileFacts], project: &ProjectFiles, root_name: &str) -> Snapshot {
        let resolved = resolve::resolve(facts, project, root_name);
        let mut graph = StableDiGraph::with_capacity(resolved.nodes.len(), resolved.edges.len());
        let mut by_qualified_name: HashMap<String, Vec<NodeIndex>> = HashMap::with_capacity(resolved.nodes.len());
        for node in resolved.nodes {
            let qn = node.qualified_name.clone();
            let index = graph.add_node(node);
            by_qualified_name.entry(qn).or_default().push(index);
        }
        let mut edges: Vec<_> = resolved.edges.into_iter().collect();
        edges.sort_by_key(|((source, target, kind), _)| (*source, *target, *kind));
        for ((source, target, kind), (how, mut lines)) in edges {
            lines.sort_unstable();
            graph.add_edge(
                NodeIndex::new(source as usize),
                NodeIndex::new(target as usize),
                Edge { kind, confidence: how.confidence(), lines },
            );
        }
        let files = facts
            .iter()
            .map(|f| FileInfo {
                path: f.path.clone(),
                language: f.language,
                lines: f.lines,
                hash: f.hash,
                lossy: f.lossy,
                diagnostics: f.diagnostics.clone(),
            })
            .collect();
        Snapshot {
            graph,
            files,
            by_qualified_name,
            unresolved_calls: resolved.unresolved_calls,
            stats: resolved.stats,
            warnings: resolved.warnings,
        }
    }

    pub fn node(&self, index: NodeIndex) -> Option<&Node> {
        self.graph.node_weight(index)
    }

    pub fn file_path(&self, node: &Node) -> &str {
        self.files.get(node.file as usize).map_or("", |f| f.path.as_str())
    }

    /// Nodes with this exact qualified name.
    pub fn lookup(&self, qualified_name: &str) -> &[NodeIndex] {
        self.by_qualified_name.get(qualified_name).map_or(&[], Vec::as_slice)
    }
}

/// The current snapshot, swapped atomically; readers never lock.
#[derive(Default)]
pub struct SharedSnapshot {
    current: ArcSwap<Snapshot>,
}

impl SharedSnapshot {
    pub fn load(&self) -> Arc<Snapshot> {
        self.current.load_full()
    }

    pub fn publish(&self, snapshot: Snapshot) {
        self.current.store(Arc::new(snapshot));
    }
}
