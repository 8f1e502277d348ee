//! `Snapshot`: the immutable graph every reader sees, and `SharedSnapshot`, the `ArcSwap`
//! writers publish new ones through. Nothing mutates a snapshot once built.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, OnceLock};

use arc_swap::ArcSwap;
use serde::{Deserialize, Serialize};
use petgraph::stable_graph::{NodeIndex, StableDiGraph};
use petgraph::visit::EdgeRef;

use crate::graph::model::{Edge, EdgeKind, Node, UnresolvedCalls};
use crate::graph::resolve::{self, Patched, ProjectFiles, ResolveStats, Resolver};
use crate::lang::LangId;
use crate::parse::{Diagnostic, FileFacts};

/// Per-file facts the graph keeps beside its nodes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileInfo {
    pub path: String,
    pub language: LangId,
    pub lines: u32,
    pub hash: [u8; 32],
    pub lossy: bool,
    pub diagnostics: Vec<Diagnostic>,
}

impl FileInfo {
    pub fn of(facts: &FileFacts) -> FileInfo {
        FileInfo {
            path: facts.path.clone(),
            language: facts.language,
            lines: facts.lines,
            hash: facts.hash,
            lossy: facts.lossy,
            diagnostics: facts.diagnostics.clone(),
        }
    }
}

#[derive(Debug, Default)]
pub struct Snapshot {
    pub graph: StableDiGraph<Node, Edge>,
    pub files: Vec<FileInfo>,
    /// Built on first use: a run that only exports or counts never pays for it.
    by_qualified_name: OnceLock<HashMap<String, Vec<NodeIndex>>>,
    pub unresolved_calls: UnresolvedCalls,
    pub stats: ResolveStats,
    pub warnings: Vec<String>,
    /// Tells snapshots apart (a `Spare` belongs to one).
    generation: u64,
}

impl Snapshot {
    /// Builds the graph from facts (sorted by path for a deterministic graph).
    pub fn build(facts: &[Arc<FileFacts>], project: &ProjectFiles, root_name: &str) -> Snapshot {
        Snapshot::from_resolved(resolve::resolve(facts, project, root_name), facts)
    }

    /// The snapshot of what `resolve` made of `facts`.
    pub fn from_resolved(resolved: resolve::Resolved, facts: &[Arc<FileFacts>]) -> Snapshot {
        let started = std::time::Instant::now();
        let mut graph = StableDiGraph::with_capacity(resolved.nodes.len(), resolved.edges.len());
        for node in resolved.nodes {
            graph.add_node(node);
        }
        let mut edges: Vec<_> = resolved.edges.into_iter().collect();
        edges.sort_unstable_by_key(|((source, target, kind), _)| (*source, *target, *kind));
        for ((source, target, kind), (how, mut lines)) in edges {
            lines.sort_unstable();
            graph.add_edge(
                NodeIndex::new(source as usize),
                NodeIndex::new(target as usize),
                Edge { kind, confidence: how.confidence(), lines },
            );
        }
        let files = facts.iter().map(|f| FileInfo::of(f)).collect();
        tracing::debug!(ms = started.elapsed().as_secs_f64() * 1000.0, "snapshot built");
        Snapshot {
            graph,
            files,
            by_qualified_name: OnceLock::new(),
            unresolved_calls: resolved.unresolved_calls,
            stats: resolved.stats,
            warnings: resolved.warnings,
            generation: next_generation(),
        }
    }

    /// The snapshot of a resolver that lives on (to be patched later): nodes and edges are
    /// copied, not moved.
    pub fn of_resolver(resolver: &Resolver) -> Snapshot {
        let resolved = resolve::Resolved {
            nodes: resolver.nodes().to_vec(),
            edges: resolver.edges().clone(),
            unresolved_calls: resolver.unresolved_calls().clone(),
            stats: resolver.stats(),
            warnings: resolver.warnings().to_vec(),
        };
        Snapshot::from_resolved(resolved, resolver.facts())
    }

    /// A copy of what a patch changes, made ahead of time (while the engine is idle) so that
    /// the next patch does not copy the graph while someone waits for it.
    pub fn spare(&self) -> Spare {
        // Room for what a patch adds, so that it does not move the whole graph to grow it.
        let mut graph = self.graph.clone();
        graph.reserve_nodes(SPARE_ROOM);
        graph.reserve_edges(4 * SPARE_ROOM);
        Spare {
            of: self.generation,
            graph,
            files: self.files.clone(),
            unresolved_calls: self.unresolved_calls.clone(),
        }
    }

    /// This snapshot with files brought up to date by `resolver.patch` (in that order): their
    /// nodes take their new spans, new nodes are appended, and the edges leaving those files
    /// (and the `contains` edges of new nodes) are replaced. Starts from `spare` when it is
    /// a copy of this snapshot.
    pub fn patched(&self, resolver: &Resolver, patches: &[Patched], spare: Option<Spare>) -> Snapshot {
        let started = std::time::Instant::now();
        let (mut graph, mut files, mut unresolved_calls) = match spare.filter(|s| s.of == self.generation) {
            Some(spare) => (spare.graph, spare.files, spare.unresolved_calls),
            None => (self.graph.clone(), self.files.clone(), self.unresolved_calls.clone()),
        };
        let nodes = resolver.nodes();
        let first_new = patches.iter().map(|p| p.first_new).min().unwrap_or(nodes.len() as u32);
        let patched_files: HashSet<u32> = patches.iter().map(|p| p.file).collect();
        for &id in patches.iter().flat_map(|p| p.nodes.iter()).filter(|&&id| id < first_new) {
            if let Some(weight) = graph.node_weight_mut(NodeIndex::new(id as usize)) {
                *weight = nodes[id as usize].clone();
            }
            let doomed: Vec<_> = graph
                .edges_directed(NodeIndex::new(id as usize), petgraph::Direction::Outgoing)
                .filter(|e| e.weight().kind != EdgeKind::Contains)
                .map(|e| e.id())
                .collect();
            for edge in doomed {
                graph.remove_edge(edge);
            }
        }
        for node in &nodes[first_new as usize..] {
            graph.add_node(node.clone());
        }
        let mut fresh: Vec<(u32, u32, EdgeKind)> = patches.iter().flat_map(|p| resolver.owned_edges(p.file).iter().copied()).collect();
        fresh.extend((first_new..nodes.len() as u32).filter_map(|id| resolver.parent(id).map(|p| (p, id, EdgeKind::Contains))));
        fresh.sort_unstable();
        fresh.dedup();
        for key in fresh {
            let Some((how, lines)) = resolver.edges().get(&key) else { continue };
            let mut lines = lines.clone();
            lines.sort_unstable();
            graph.add_edge(
                NodeIndex::new(key.0 as usize),
                NodeIndex::new(key.1 as usize),
                Edge { kind: key.2, confidence: how.confidence(), lines },
            );
        }
        for &file in &patched_files {
            if let Some(info) = files.get_mut(file as usize) {
                *info = FileInfo::of(&resolver.facts()[file as usize]);
            }
        }
        for &file in &patched_files {
            if let Some(calls) = resolver.unresolved_calls().file_list(file) {
                unresolved_calls.set(file, calls.clone());
            }
        }
        tracing::debug!(ms = started.elapsed().as_secs_f64() * 1000.0, "snapshot patched");
        Snapshot {
            graph,
            files,
            by_qualified_name: OnceLock::new(),
            unresolved_calls,
            stats: resolver.stats(),
            warnings: resolver.warnings().to_vec(),
            generation: next_generation(),
        }
    }

    /// The snapshot as bytes for the cache (see `decode`).
    pub fn encode(&self) -> Result<Vec<u8>, postcard::Error> {
        postcard::to_stdvec(&self.persisted())
    }

    /// The snapshot ready to be written straight into a buffer of its exact size (the
    /// cache reserves the bytes in the database page: no growing vector, no copy).
    pub fn encoder(&self) -> Result<Encoder<'_>, postcard::Error> {
        let view = self.persisted();
        let len = postcard::experimental::serialized_size(&view)?;
        Ok(Encoder { view, len })
    }

    fn persisted(&self) -> PersistedRef<'_> {
        PersistedRef {
            nodes: self.graph.node_weights().collect(),
            edges: self
                .graph
                .edge_indices()
                .filter_map(|e| {
                    let (source, target) = self.graph.edge_endpoints(e)?;
                    Some((source.index() as u32, target.index() as u32, self.graph.edge_weight(e)?))
                })
                .collect(),
            files: &self.files,
            unresolved_calls: &self.unresolved_calls,
            stats: &self.stats,
            warnings: &self.warnings,
        }
    }

    /// A snapshot from `encode`'s bytes; `None` if they do not decode.
    pub fn decode(bytes: &[u8]) -> Option<Snapshot> {
        let persisted: Persisted = postcard::from_bytes(bytes).ok()?;
        let mut graph = StableDiGraph::with_capacity(persisted.nodes.len(), persisted.edges.len());
        let count = persisted.nodes.len();
        for node in persisted.nodes {
            graph.add_node(node);
        }
        for (source, target, edge) in persisted.edges {
            if source as usize >= count || target as usize >= count {
                return None;
            }
            graph.add_edge(NodeIndex::new(source as usize), NodeIndex::new(target as usize), edge);
        }
        Some(Snapshot {
            graph,
            files: persisted.files,
            by_qualified_name: OnceLock::new(),
            unresolved_calls: persisted.unresolved_calls,
            stats: persisted.stats,
            warnings: persisted.warnings,
            generation: next_generation(),
        })
    }

    pub fn node(&self, index: NodeIndex) -> Option<&Node> {
        self.graph.node_weight(index)
    }

    pub fn file_path(&self, node: &Node) -> &str {
        self.files.get(node.file as usize).map_or("", |f| f.path.as_str())
    }

    /// Nodes with this exact qualified name.
    pub fn lookup(&self, qualified_name: &str) -> &[NodeIndex] {
        let index = self.by_qualified_name.get_or_init(|| {
            let mut index: HashMap<String, Vec<NodeIndex>> = HashMap::with_capacity(self.graph.node_count());
            for node_index in self.graph.node_indices() {
                index.entry(self.graph[node_index].qualified_name.clone()).or_default().push(node_index);
            }
            index
        });
        index.get(qualified_name).map_or(&[], Vec::as_slice)
    }
}

/// Nodes a spare graph can take before a patch has to grow it (a saved file adds a few).
const SPARE_ROOM: usize = 1024;

/// See `Snapshot::spare`.
pub struct Spare {
    of: u64,
    graph: StableDiGraph<Node, Edge>,
    files: Vec<FileInfo>,
    unresolved_calls: UnresolvedCalls,
}

fn next_generation() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The cached form of a snapshot. `PersistedRef` writes the same bytes without cloning.
#[derive(Deserialize)]
struct Persisted {
    nodes: Vec<Node>,
    edges: Vec<(u32, u32, Edge)>,
    files: Vec<FileInfo>,
    unresolved_calls: UnresolvedCalls,
    stats: ResolveStats,
    warnings: Vec<String>,
}

/// A snapshot's encoding, sized before it is written (see `Snapshot::encoder`).
pub struct Encoder<'a> {
    view: PersistedRef<'a>,
    len: usize,
}

impl Encoder<'_> {
    /// The exact length `write` fills.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Writes the encoding into `out` (`len()` bytes): the same bytes `encode` returns.
    pub fn write(&self, out: &mut [u8]) -> Result<(), postcard::Error> {
        postcard::to_slice(&self.view, out).map(|_| ())
    }
}

#[derive(Serialize)]
struct PersistedRef<'a> {
    nodes: Vec<&'a Node>,
    edges: Vec<(u32, u32, &'a Edge)>,
    files: &'a [FileInfo],
    unresolved_calls: &'a UnresolvedCalls,
    stats: &'a ResolveStats,
    warnings: &'a [String],
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

    pub fn publish(&self, snapshot: Snapshot) -> Arc<Snapshot> {
        let shared = Arc::new(snapshot);
        self.current.store(shared.clone());
        shared
    }
}
