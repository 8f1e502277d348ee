//! A node's doc, read from its file when asked: the graph keeps only where the doc is
//! (`Node::doc`, made into text by `parse::docs`). A file whose content is no longer what
//! the graph was built from gives no docs, rather than text from the wrong place.

use std::collections::HashMap;
use std::path::Path;

use petgraph::stable_graph::NodeIndex;

use crate::graph::snapshot::{FileInfo, Snapshot};

/// Docs of a snapshot's nodes, each file read once.
pub struct Docs<'s> {
    snap: &'s Snapshot,
    root: &'s Path,
    sources: HashMap<u32, Option<String>>,
}

impl<'s> Docs<'s> {
    pub fn new(snap: &'s Snapshot, root: &'s Path) -> Docs<'s> {
        Docs {
            snap,
            root,
            sources: HashMap::new(),
        }
    }

    /// The doc of `node`, if it has one and its file is unchanged.
    pub fn text(&mut self, node: NodeIndex) -> Option<String> {
        let n = self.snap.graph.node_weight(node)?;
        let span = n.doc?;
        let (snap, root) = (self.snap, self.root);
        let source = self.sources.entry(n.file).or_insert_with(|| {
            snap.files
                .get(n.file as usize)
                .and_then(|file| source(root, file))
        });
        crate::parse::docs::text(n.language, source.as_deref()?, span)
    }

    /// The first line of `node`'s doc that says something.
    pub fn first_line(&mut self, node: NodeIndex) -> Option<String> {
        self.text(node)?
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .map(str::to_string)
    }
}

/// The text of `file` as it was parsed, if the file under `root` still holds what the graph
/// was built from.
pub fn source(root: &Path, file: &FileInfo) -> Option<String> {
    unchanged(
        file,
        std::fs::read(crate::parse::paths::absolute(root, &file.path)).ok()?,
    )
}

/// Whether `bytes` are the content `file` was parsed from (so its docs' ranges hold).
pub fn holds(file: &FileInfo, bytes: &[u8]) -> bool {
    crate::parse::hash(bytes) == file.hash
}

/// `bytes` as text the way parsing decodes them, if they are the content `file` was parsed
/// from.
pub fn unchanged(file: &FileInfo, bytes: Vec<u8>) -> Option<String> {
    if !holds(file, &bytes) {
        return None;
    }
    Some(
        String::from_utf8(bytes)
            .unwrap_or_else(|err| String::from_utf8_lossy(err.as_bytes()).into_owned()),
    )
}
