//! The nodes section of the cached graph. Qualified names are stored front-coded: how many
//! leading bytes a node shares with the node before it, then the rest. Nodes come file by
//! file and parent before child, so neighbours share long prefixes (`pkg.mod.Class.a`,
//! `pkg.mod.Class.b`): the names shrink to about a quarter, which matters because redb
//! rounds the graph's page up to a power of two. Fewer bytes to write on a cold run and to
//! read, check and decode on a no-change run.

use serde::{Deserialize, Serialize};

use crate::graph::each::Sink;
use crate::graph::model::{Edge, Node, NodeKind};
use crate::lang::LangId;
use crate::parse::{DocSpan, Metrics, SymbolKind};
use petgraph::stable_graph::{NodeIndex, StableDiGraph};

/// A node as written: every field of `Node`, the qualified name as (shared, rest).
#[derive(Serialize)]
pub struct StoredNode<'a> {
    kind: NodeKind,
    symbol_kind: Option<SymbolKind>,
    name: &'a str,
    shared: u32,
    rest: &'a str,
    file: u32,
    line: u32,
    end_line: u32,
    language: LangId,
    doc: Option<DocSpan>,
    metrics: Option<Metrics>,
}

/// A node as read back (the rest of its qualified name borrowed from the cached bytes).
#[derive(Deserialize)]
pub struct ReadNode<'a> {
    kind: NodeKind,
    symbol_kind: Option<SymbolKind>,
    name: String,
    shared: u32,
    #[serde(borrow)]
    rest: &'a str,
    file: u32,
    line: u32,
    end_line: u32,
    language: LangId,
    doc: Option<DocSpan>,
    metrics: Option<Metrics>,
}

/// `nodes` ready to be written, each qualified name coded against the one before.
pub fn front_coded<'a>(nodes: impl Iterator<Item = &'a Node>) -> Vec<StoredNode<'a>> {
    let mut previous = "";
    nodes
        .map(|node| {
            let name = node.qualified_name.as_str();
            let shared = shared_prefix(previous, name);
            previous = name;
            StoredNode {
                kind: node.kind,
                symbol_kind: node.symbol_kind,
                name: &node.name,
                shared: shared as u32,
                rest: &name[shared..],
                file: node.file,
                line: node.line,
                end_line: node.end_line,
                language: node.language,
                doc: node.doc,
                metrics: node.metrics,
            }
        })
        .collect()
}

/// Bytes `a` and `b` start with in common, ending on a character boundary of both.
fn shared_prefix(a: &str, b: &str) -> usize {
    let mut shared = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    while !b.is_char_boundary(shared) {
        shared -= 1;
    }
    shared
}

/// A graph taking decoded nodes in order (see `each`). `broken` is set by a node whose
/// shared prefix does not fit the node before it: the bytes are not ours to trust.
pub struct IntoGraph {
    pub graph: StableDiGraph<Node, Edge>,
    pub broken: bool,
}

impl<'a> Sink<ReadNode<'a>> for IntoGraph {
    fn reserve(&mut self, n: usize) {
        self.graph.reserve_exact_nodes(n);
    }

    fn push(&mut self, node: ReadNode<'a>) {
        let count = self.graph.node_count();
        let previous = count
            .checked_sub(1)
            .and_then(|last| self.graph.node_weight(NodeIndex::new(last)));
        let previous = previous.map_or("", |n| n.qualified_name.as_str());
        let Some(head) = previous.get(..node.shared as usize) else {
            self.broken = true;
            return;
        };
        let mut qualified_name = String::with_capacity(head.len() + node.rest.len());
        qualified_name.push_str(head);
        qualified_name.push_str(node.rest);
        self.graph.add_node(Node {
            kind: node.kind,
            symbol_kind: node.symbol_kind,
            name: node.name,
            qualified_name,
            file: node.file,
            line: node.line,
            end_line: node.end_line,
            language: node.language,
            doc: node.doc,
            metrics: node.metrics,
        });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::graph::each::decode_each;

    fn node(qualified_name: &str) -> Node {
        Node {
            kind: NodeKind::Function,
            symbol_kind: Some(SymbolKind::Function),
            name: qualified_name.rsplit('.').next().unwrap_or("").to_string(),
            qualified_name: qualified_name.to_string(),
            file: 0,
            line: 1,
            end_line: 2,
            language: LangId::Python,
            doc: Some(DocSpan { start: 3, end: 9 }),
            metrics: None,
        }
    }

    #[test]
    fn front_coded_nodes_decode_to_the_same_nodes() {
        let nodes: Vec<Node> = [
            "pkg",
            "pkg.mod",
            "pkg.mod.café",
            "pkg.mod.cafè",
            "other.x",
            "pkg.mod",
        ]
        .into_iter()
        .map(node)
        .collect();
        let stored = front_coded(nodes.iter());
        assert_eq!(
            stored.iter().map(|n| n.shared).collect::<Vec<_>>(),
            vec![0, 3, 7, 11, 0, 0]
        );
        let bytes = postcard::to_stdvec(&stored).unwrap();
        let mut into = IntoGraph {
            graph: StableDiGraph::default(),
            broken: false,
        };
        decode_each::<ReadNode>(&bytes, &AtomicBool::new(false), &mut into).unwrap();
        assert!(!into.broken);
        assert_eq!(
            into.graph.node_weights().cloned().collect::<Vec<_>>(),
            nodes
        );
    }

    #[test]
    fn a_prefix_longer_than_the_node_before_marks_the_bytes_broken() {
        let nodes = [node("a.b"), node("a.c")];
        let mut stored = front_coded(nodes.iter());
        stored[1].shared = 10;
        let bytes = postcard::to_stdvec(&stored).unwrap();
        let mut into = IntoGraph {
            graph: StableDiGraph::default(),
            broken: false,
        };
        decode_each::<ReadNode>(&bytes, &AtomicBool::new(false), &mut into).unwrap();
        assert!(into.broken);
    }

    #[test]
    fn shared_prefixes_end_on_character_boundaries() {
        assert_eq!(shared_prefix("pkg.mod.a", "pkg.mod.b"), 8);
        assert_eq!(shared_prefix("", "pkg"), 0);
        assert_eq!(shared_prefix("pkg.mod", "pkg"), 3);
        // 'é' and 'è' share their first UTF-8 byte, which is not a boundary.
        assert_eq!(shared_prefix("café", "cafè"), 3);
    }
}
