//! Which graph detectors may reuse their last hits in a long-lived session. Each of these
//! reads only part of the graph; a digest of that part (independent of node ids and edge
//! order) tells whether anything it reads changed since the last run. Appending a function
//! that calls nothing, or editing a body without touching calls, leaves them all unchanged.

use std::hash::{Hash, Hasher};

use petgraph::visit::{EdgeRef, IntoEdgeReferences, NodeIndexable};
use rustc_hash::FxHasher;

use crate::detect::graph::GraphCtx;
use crate::graph::model::{EdgeKind, NodeKind};

/// The part of the inputs a reusable detector reads.
#[derive(Debug, Clone, Copy)]
pub enum Reads {
    /// Call edges and their endpoints.
    Calls,
    /// Call edges, inherits edges, and which class holds each method.
    CallsAndClasses,
    /// Inherits edges and their endpoints.
    Inherits,
    /// The load-time import graph between files (with the line of each first import).
    Imports,
    /// Call edges with their site lines and every file's taint summaries and tainted calls
    /// (which name their functions by line: unchanged calls find the same functions).
    Taint,
}

pub fn reads(id: &str) -> Option<Reads> {
    Some(match id {
        "call-cycle" | "hub-function" | "shotgun-surgery" => Reads::Calls,
        "feature-envy" => Reads::CallsAndClasses,
        "deep-inheritance" => Reads::Inherits,
        "import-cycle" => Reads::Imports,
        "command-injection" | "code-injection" | "path-traversal" | "sql-injection" | "ssrf" => {
            Reads::Taint
        }
        _ => return None,
    })
}

/// Digests of the graph's parts, each a sum of well-mixed element hashes (so that neither
/// node ids nor edge order matter).
pub struct Digests {
    calls: u64,
    call_lines: u64,
    inherits: u64,
    owners: u64,
    taint: u64,
    imports: u64,
}

fn mix(mut x: u64) -> u64 {
    // splitmix64's finaliser: FxHash alone mixes too little to be summed.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn hash_of(value: impl Hash) -> u64 {
    let mut hasher = FxHasher::default();
    value.hash(&mut hasher);
    mix(hasher.finish())
}

impl Digests {
    pub fn of(ctx: &GraphCtx<'_>) -> Digests {
        // The import graph is shared with the detectors that read it: build it alongside.
        let (mut d, imports) = rayon::join(|| Digests::of_graph(ctx), || Digests::of_imports(ctx));
        d.imports = imports;
        d.taint = ctx.memory.taint_digest(ctx.local, |path, results| {
            if results.taint.is_empty() {
                return 0;
            }
            hash_of((
                path,
                postcard::to_stdvec(&results.taint).unwrap_or_default(),
            ))
        });
        d
    }

    /// Nodes and edges: calls, inheritance, methods' owners.
    fn of_graph(ctx: &GraphCtx<'_>) -> Digests {
        let snap = ctx.snap;
        // What these detectors read of a node: not its end, doc or metrics (a file node's end
        // moves with every line added).
        let mut node_hash = vec![0u64; snap.graph.node_bound()];
        for index in snap.graph.node_indices() {
            let node = &snap.graph[index];
            let h = hash_of((
                node.kind,
                node.symbol_kind.map(|k| k as u8),
                &node.name,
                &node.qualified_name,
                node.line,
                snap.file_path(node),
                node.language as u8,
            ));
            node_hash[index.index()] = h;
        }
        let mut d = Digests {
            calls: 0,
            call_lines: 0,
            inherits: 0,
            owners: 0,
            taint: 0,
            imports: 0,
        };
        for edge in (&snap.graph).edge_references() {
            let (s, t) = (
                node_hash[edge.source().index()],
                node_hash[edge.target().index()],
            );
            let w = edge.weight();
            match w.kind {
                EdgeKind::Calls => {
                    d.calls = d
                        .calls
                        .wrapping_add(hash_of((s, t, w.confidence.to_bits())));
                    d.call_lines = d.call_lines.wrapping_add(hash_of((
                        s,
                        t,
                        w.confidence.to_bits(),
                        &w.lines,
                    )));
                }
                EdgeKind::Inherits => d.inherits = d.inherits.wrapping_add(hash_of((s, t))),
                EdgeKind::Contains if snap.graph[edge.target()].kind == NodeKind::Method => {
                    d.owners = d.owners.wrapping_add(hash_of((s, t)));
                }
                _ => {}
            }
        }
        d
    }

    fn of_imports(ctx: &GraphCtx<'_>) -> u64 {
        let path = |file: u32| {
            ctx.snap
                .files
                .get(file as usize)
                .map_or("", |f| f.path.as_str())
        };
        let mut digest = 0u64;
        for (&source, targets) in crate::detect::graph::import_graph(ctx) {
            for (&target, &line) in targets {
                digest = digest.wrapping_add(hash_of((path(source), path(target), line)));
            }
        }
        digest
    }

    /// The digest of what a detector of this kind reads.
    pub fn key(&self, reads: Reads) -> u64 {
        match reads {
            Reads::Calls => hash_of((1u8, self.calls)),
            Reads::CallsAndClasses => hash_of((2u8, self.calls, self.inherits, self.owners)),
            Reads::Inherits => hash_of((3u8, self.inherits)),
            Reads::Taint => hash_of((4u8, self.call_lines, self.taint)),
            Reads::Imports => hash_of((5u8, self.imports)),
        }
    }
}
