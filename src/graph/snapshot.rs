//! `Snapshot`: the immutable graph every reader sees, and `SharedSnapshot`, the `ArcSwap`
//! writers publish new ones through. Nothing mutates a snapshot once built.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use arc_swap::ArcSwap;
use petgraph::stable_graph::{NodeIndex, StableDiGraph};
use petgraph::visit::EdgeRef;
use serde::{Deserialize, Serialize};

use crate::graph::model::{Edge, EdgeKind, Node, UnresolvedCalls};
use crate::graph::resolve::{self, Patched, ProjectFiles, ResolveStats, Resolver};
use crate::graph::{each, stored_nodes};
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
    /// See `unresolved_calls`.
    unresolved: Unresolved,
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
                Edge {
                    kind,
                    confidence: how.confidence(),
                    lines,
                },
            );
        }
        let files = facts.iter().map(|f| FileInfo::of(f)).collect();
        tracing::debug!(
            ms = started.elapsed().as_secs_f64() * 1000.0,
            "snapshot built"
        );
        Snapshot {
            graph,
            files,
            by_qualified_name: OnceLock::new(),
            unresolved: Unresolved::decoded(resolved.unresolved_calls),
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
            unresolved_calls: self.unresolved_calls().clone(),
        }
    }

    /// This snapshot with files brought up to date by `resolver.patch` (in that order): their
    /// nodes take their new spans, new nodes are appended, and the edges leaving those files
    /// (and the `contains` edges of new nodes) are replaced. Starts from `spare` when it is
    /// a copy of this snapshot.
    pub fn patched(
        &self,
        resolver: &Resolver,
        patches: &[Patched],
        spare: Option<Spare>,
    ) -> Snapshot {
        let started = std::time::Instant::now();
        let (mut graph, mut files, mut unresolved_calls) =
            match spare.filter(|s| s.of == self.generation) {
                Some(spare) => (spare.graph, spare.files, spare.unresolved_calls),
                None => (
                    self.graph.clone(),
                    self.files.clone(),
                    self.unresolved_calls().clone(),
                ),
            };
        let nodes = resolver.nodes();
        let first_new = patches
            .iter()
            .map(|p| p.first_new)
            .min()
            .unwrap_or(nodes.len() as u32);
        let patched_files: HashSet<u32> = patches.iter().map(|p| p.file).collect();
        for &id in patches
            .iter()
            .flat_map(|p| p.nodes.iter())
            .filter(|&&id| id < first_new)
        {
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
        let mut fresh: Vec<(u32, u32, EdgeKind)> = patches
            .iter()
            .flat_map(|p| resolver.owned_edges(p.file).iter().copied())
            .collect();
        fresh.extend(
            (first_new..nodes.len() as u32)
                .filter_map(|id| resolver.parent(id).map(|p| (p, id, EdgeKind::Contains))),
        );
        fresh.sort_unstable();
        fresh.dedup();
        for key in fresh {
            let Some((how, lines)) = resolver.edges().get(&key) else {
                continue;
            };
            let mut lines = lines.clone();
            lines.sort_unstable();
            graph.add_edge(
                NodeIndex::new(key.0 as usize),
                NodeIndex::new(key.1 as usize),
                Edge {
                    kind: key.2,
                    confidence: how.confidence(),
                    lines,
                },
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
        tracing::debug!(
            ms = started.elapsed().as_secs_f64() * 1000.0,
            "snapshot patched"
        );
        Snapshot {
            graph,
            files,
            by_qualified_name: OnceLock::new(),
            unresolved: Unresolved::decoded(unresolved_calls),
            stats: resolver.stats(),
            warnings: resolver.warnings().to_vec(),
            generation: next_generation(),
        }
    }

    /// The snapshot as bytes for the cache (see `decode`).
    pub fn encode(&self) -> Result<Vec<u8>, postcard::Error> {
        let encoder = self.encoder()?;
        let mut out = vec![0u8; encoder.len()];
        encoder.write(&mut out)?;
        Ok(out)
    }

    /// The snapshot ready to be written straight into a buffer of its exact size (the
    /// cache reserves the bytes in the database page: no growing vector, no copy).
    pub fn encoder(&self) -> Result<Encoder<'_>, postcard::Error> {
        let view = Sections {
            nodes: stored_nodes::front_coded(self.graph.node_weights()),
            edges: self
                .graph
                .edge_indices()
                .filter_map(|e| {
                    let (source, target) = self.graph.edge_endpoints(e)?;
                    Some((
                        source.index() as u32,
                        target.index() as u32,
                        self.graph.edge_weight(e)?,
                    ))
                })
                .collect(),
            rest: (&self.files, &self.stats, &self.warnings),
            unresolved_calls: self.unresolved_calls(),
        };
        let lens = [
            postcard::experimental::serialized_size(&view.nodes)?,
            postcard::experimental::serialized_size(&view.edges)?,
            postcard::experimental::serialized_size(&view.rest)?,
            CHECKSUM + postcard::experimental::serialized_size(view.unresolved_calls)?,
        ];
        let mut header = [0u8; HEADER];
        header[..MAGIC.len()].copy_from_slice(MAGIC);
        for (slot, len) in header[MAGIC.len()..].chunks_exact_mut(4).zip(lens) {
            let len = u32::try_from(len).map_err(|_| postcard::Error::SerializeBufferFull)?;
            slot.copy_from_slice(&len.to_le_bytes());
        }
        Ok(Encoder { view, header, lens })
    }

    /// A snapshot from `encode`'s bytes; `None` if they do not decode. The nodes (more than
    /// half the bytes: names and docs) are decoded and placed in the graph on one thread
    /// while the other sections are decoded on another.
    pub fn decode(bytes: &[u8]) -> Option<Snapshot> {
        Snapshot::decode_unless(bytes, &AtomicBool::new(false))
    }

    /// `decode`, given up (`None`) soon after `stop` is set: a no-change run starts decoding
    /// the cached graph before it knows whether the files changed.
    pub fn decode_unless(bytes: &[u8], stop: &AtomicBool) -> Option<Snapshot> {
        let [nodes, edges, rest, unresolved] = split_sections(bytes)?;
        let (graph, others) = rayon::join(
            || {
                let mut graph = stored_nodes::IntoGraph {
                    graph: StableDiGraph::default(),
                    broken: false,
                };
                each::decode_each::<stored_nodes::ReadNode>(nodes, stop, &mut graph).ok()?;
                (!graph.broken).then_some(graph.graph)
            },
            || {
                let mut list: Vec<(u32, u32, Edge)> = Vec::new();
                each::decode_each(edges, stop, &mut list).ok()?;
                let rest: (Vec<FileInfo>, ResolveStats, Vec<String>) =
                    postcard::from_bytes(rest).ok()?;
                Some((list, rest, Unresolved::encoded(unresolved)?))
            },
        );
        let (mut graph, (edges, (files, stats, warnings), unresolved)) = (graph?, others?);
        let count = graph.node_count();
        graph.reserve_exact_edges(edges.len());
        for (source, target, edge) in edges {
            if source as usize >= count || target as usize >= count {
                return None;
            }
            graph.add_edge(
                NodeIndex::new(source as usize),
                NodeIndex::new(target as usize),
                edge,
            );
        }
        Some(Snapshot {
            graph,
            files,
            by_qualified_name: OnceLock::new(),
            unresolved,
            stats,
            warnings,
            generation: next_generation(),
        })
    }

    /// The calls that went nowhere, file by file. A snapshot read from the cache decodes
    /// them on first use: they were half the decoding of a cached graph, and a run that
    /// only counts or exports never looks at them.
    pub fn unresolved_calls(&self) -> &UnresolvedCalls {
        self.unresolved.calls.get_or_init(|| {
            // The bytes matched their checksum when the snapshot was read, so only a format
            // this build cannot read would fail here; `Unresolved::encoded` rules that out.
            self.unresolved
                .bytes
                .as_deref()
                .and_then(|b| postcard::from_bytes(b).ok())
                .unwrap_or_default()
        })
    }

    pub fn node(&self, index: NodeIndex) -> Option<&Node> {
        self.graph.node_weight(index)
    }

    pub fn file_path(&self, node: &Node) -> &str {
        self.files
            .get(node.file as usize)
            .map_or("", |f| f.path.as_str())
    }

    /// Nodes with this exact qualified name.
    pub fn lookup(&self, qualified_name: &str) -> &[NodeIndex] {
        let index = self.by_qualified_name.get_or_init(|| {
            let mut index: HashMap<String, Vec<NodeIndex>> =
                HashMap::with_capacity(self.graph.node_count());
            for node_index in self.graph.node_indices() {
                index
                    .entry(self.graph[node_index].qualified_name.clone())
                    .or_default()
                    .push(node_index);
            }
            index
        });
        index.get(qualified_name).map_or(&[], Vec::as_slice)
    }
}

/// A snapshot's unresolved calls, or the checked bytes they decode from.
#[derive(Debug, Default)]
struct Unresolved {
    calls: OnceLock<UnresolvedCalls>,
    bytes: Option<Box<[u8]>>,
}

impl Unresolved {
    fn decoded(calls: UnresolvedCalls) -> Unresolved {
        Unresolved {
            calls: OnceLock::from(calls),
            bytes: None,
        }
    }

    /// The section as cached: a blake3 checksum of the postcard bytes, then the bytes.
    /// `None` if they do not match (a damaged cache: the graph is resolved again), so the
    /// decode deferred to `unresolved_calls` reads bytes known to be the ones written.
    fn encoded(section: &[u8]) -> Option<Unresolved> {
        let (sum, bytes) = section.split_first_chunk::<CHECKSUM>()?;
        (blake3::hash(bytes).as_bytes() == sum).then(|| Unresolved {
            calls: OnceLock::new(),
            bytes: Some(bytes.into()),
        })
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

/// The cached form: `MAGIC`, then the byte lengths of four sections (u32, little-endian),
/// then the sections: nodes (qualified names front-coded, see `stored_nodes`), edges, files
/// with stats and warnings, unresolved calls (behind a checksum, see `Unresolved`). Each
/// section is postcard on its own, so they encode and decode in parallel. Bytes of any
/// other shape (an older format) do not decode, and the graph is resolved from the facts.
const MAGIC: &[u8; 4] = b"RGS3";
const CHECKSUM: usize = 32;
const HEADER: usize = MAGIC.len() + 4 * 4;

fn split_sections(bytes: &[u8]) -> Option<[&[u8]; 4]> {
    let (lens, mut body) = bytes
        .strip_prefix(MAGIC)?
        .split_at_checked(HEADER - MAGIC.len())?;
    let mut sections: [&[u8]; 4] = [&[]; 4];
    for (section, len) in sections.iter_mut().zip(lens.chunks_exact(4)) {
        let len = u32::from_le_bytes(len.try_into().ok()?) as usize;
        (*section, body) = body.split_at_checked(len)?;
    }
    body.is_empty().then_some(sections)
}

/// What the sections hold, borrowed from the snapshot (nothing is cloned to encode it).
struct Sections<'a> {
    nodes: Vec<stored_nodes::StoredNode<'a>>,
    edges: Vec<(u32, u32, &'a Edge)>,
    rest: (&'a [FileInfo], &'a ResolveStats, &'a [String]),
    unresolved_calls: &'a UnresolvedCalls,
}

/// A snapshot's encoding, sized before it is written (see `Snapshot::encoder`).
pub struct Encoder<'a> {
    view: Sections<'a>,
    header: [u8; HEADER],
    lens: [usize; 4],
}

impl Encoder<'_> {
    /// The exact length `write` fills.
    pub fn len(&self) -> usize {
        HEADER + self.lens.iter().sum::<usize>()
    }

    /// Never: even an empty graph has its header.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Writes the encoding into `out` (`len()` bytes): the same bytes `encode` returns. The
    /// nodes are written on one thread while the other sections are written on another.
    pub fn write(&self, out: &mut [u8]) -> Result<(), postcard::Error> {
        if out.len() != self.len() {
            return Err(postcard::Error::SerializeBufferFull);
        }
        let (header, body) = out.split_at_mut(HEADER);
        header.copy_from_slice(&self.header);
        let (nodes, body) = body.split_at_mut(self.lens[0]);
        let (edges, body) = body.split_at_mut(self.lens[1]);
        let (rest, unresolved) = body.split_at_mut(self.lens[2]);
        let view = &self.view;
        let (a, b) = rayon::join(
            || postcard::to_slice(&view.nodes, nodes).map(|_| ()),
            || {
                postcard::to_slice(&view.edges, edges)?;
                postcard::to_slice(&view.rest, rest)?;
                let (sum, calls) = unresolved.split_at_mut(CHECKSUM);
                postcard::to_slice(view.unresolved_calls, calls)?;
                sum.copy_from_slice(blake3::hash(calls).as_bytes());
                Ok(())
            },
        );
        a.and(b)
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

    pub fn publish(&self, snapshot: Snapshot) -> Arc<Snapshot> {
        let shared = Arc::new(snapshot);
        self.current.store(shared.clone());
        shared
    }
}
