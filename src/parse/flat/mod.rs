//! A syntax tree read once into arrays. Moving a `TreeCursor` costs far more than reading
//! a slice (each step re-derives the child's position from its parent), and extraction
//! and the detectors' patterns look at the same children over and over; so each file's tree
//! is walked once here and every matcher reads these arrays instead.

use rustc_hash::FxHashMap;
use std::sync::OnceLock;

use tree_sitter::{Node, Tree};

use crate::lang::LangId;

/// What the flat tree needs to know about a grammar's kinds and fields, per language, read
/// once: tree-sitter answers each of these per call by searching or measuring strings.
struct Tables {
    /// Field ids by name (tree-sitter compares the name with every field name).
    fields: FxHashMap<String, u16>,
    /// Kind names by kind id (`Node::kind` measures and validates a C string per call).
    names: Vec<String>,
    /// Whether each kind id is named (`Node::is_named`, without a call per node).
    named: Vec<bool>,
}

fn tables(language: LangId) -> &'static Tables {
    static TABLES: OnceLock<Box<[OnceLock<Tables>]>> = OnceLock::new();
    TABLES.get_or_init(crate::lang::per_language)[language as usize].get_or_init(|| {
        let grammar = (language.spec().grammar)();
        let kinds = 0..grammar.node_kind_count() as u16;
        Tables {
            fields: (1..=grammar.field_count() as u16)
                .filter_map(|id| {
                    grammar
                        .field_name_for_id(id)
                        .map(|name| (name.to_string(), id))
                })
                .collect(),
            names: kinds
                .clone()
                .map(|id| grammar.node_kind_for_id(id).unwrap_or("").to_string())
                .collect(),
            named: kinds.map(|id| grammar.node_kind_is_named(id)).collect(),
        }
    })
}

/// The child of `node` under field `name`: what `Node::child_by_field_name` answers, without
/// tree-sitter's string comparison against every field name of the grammar on each call.
pub fn field_child<'t>(language: LangId, node: Node<'t>, name: &str) -> Option<Node<'t>> {
    node.child_by_field_id(*tables(language).fields.get(name)?)
}

/// Laid out as `FlatEntry` in `flat_walk.c`, which writes these.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Entry<'t> {
    pub node: Node<'t>,
    pub kind: u16,
    /// Field id under the parent (0: none).
    pub field: u16,
    pub named: bool,
    pub extra: bool,
    /// Index of the parent (`u32::MAX` for the root).
    pub parent: u32,
    /// One past the last descendant: the subtree is `index..end`.
    pub end: u32,
    /// Where the node's text ends. Read while the walk has the node in cache: asking
    /// tree-sitter later chases a pointer into the tree for every text looked at.
    end_byte: u32,
    kids_start: u32,
    kids_len: u32,
}

// `flat_walk.c` asserts the same size and last offset for its `FlatEntry`: a field added on
// one side only stops the build instead of shifting what the walk writes.
const _: () = assert!(
    std::mem::size_of::<Entry<'static>>() == 64
        && std::mem::offset_of!(Entry<'static>, kids_len) == 56
);

impl Entry<'_> {
    /// The node's byte range in the source (as `Node::byte_range`).
    pub fn range(&self) -> std::ops::Range<usize> {
        self.node.start_byte()..self.end_byte as usize
    }
}

/// A set of node kinds, tested by kind id: each language's table is worked out once, where
/// testing a kind's name against every member would cost a string comparison per member
/// and node.
pub struct KindSet {
    kinds: &'static [&'static str],
    tables: OnceLock<Box<[OnceLock<Vec<bool>>]>>,
}

impl KindSet {
    pub const fn new(kinds: &'static [&'static str]) -> KindSet {
        KindSet {
            kinds,
            tables: OnceLock::new(),
        }
    }

    /// Whether node `index` of `flat`, a tree of `language`, is of one of the kinds.
    pub fn contains(&self, language: LangId, flat: &FlatTree<'_>, index: u32) -> bool {
        self.of(language).holds(flat, index)
    }

    /// The set for one language, for a walk that tests many nodes: each test is then one
    /// array read.
    pub fn of(&self, language: LangId) -> KindTable<'_> {
        KindTable(
            self.tables.get_or_init(crate::lang::per_language)[language as usize].get_or_init(
                || {
                    tables(language)
                        .names
                        .iter()
                        .map(|name| self.kinds.contains(&name.as_str()))
                        .collect()
                },
            ),
        )
    }
}

/// A `KindSet` for one language, by kind id.
#[derive(Clone, Copy)]
pub struct KindTable<'s>(&'s [bool]);

impl KindTable<'_> {
    /// Whether node `index` of `flat` is of one of the kinds.
    pub fn holds(self, flat: &FlatTree<'_>, index: u32) -> bool {
        self.0
            .get(flat.nodes[index as usize].kind as usize)
            .copied()
            .unwrap_or(false)
    }
}

/// Nodes in pre-order (a parent before its children, siblings in source order); each
/// node's children are a contiguous run of indices in `kids`.
pub struct FlatTree<'t> {
    nodes: Vec<Entry<'t>>,
    kids: Vec<u32>,
    names: &'static [String],
    fields: &'static FxHashMap<String, u16>,
}

impl<'t> FlatTree<'t> {
    pub fn new(tree: &'t Tree, language: LangId) -> FlatTree<'t> {
        let count = tree.root_node().descendant_count();
        let tables = tables(language);
        // Should the C walk ever disagree with tree-sitter's node count, the tree is read
        // again step by step with a cursor.
        let nodes = match Self::read(tree, count) {
            Some(nodes) => nodes,
            None => {
                tracing::debug!(count, "the flat walk disagreed with the node count");
                Self::step(tree, count, &tables.named)
            }
        };
        FlatTree::link(nodes, &tables.names, &tables.fields)
    }

    /// Reads every node in pre-order straight from tree-sitter's subtrees (`flat_walk.c`).
    fn read(tree: &'t Tree, count: usize) -> Option<Vec<Entry<'t>>> {
        #[allow(unsafe_code)]
        unsafe extern "C" {
            fn repotoire_flat_walk(
                tree: *const tree_sitter::ffi::TSTree,
                out: *mut Entry<'_>,
                capacity: u32,
            ) -> u32;
        }
        let capacity = u32::try_from(count).ok()?;
        let mut nodes: Vec<Entry<'t>> = spare::nodes(count);
        // SAFETY: the tree outlives the entries (`'t`), `nodes` has room for `capacity`
        // entries of the layout the C side writes (`#[repr(C)]`, matched field by field),
        // and the walk writes at most `capacity` of them, each in full, before returning
        // how many; only those are taken into the vector.
        #[allow(unsafe_code)]
        let written = unsafe {
            let written = repotoire_flat_walk(
                tree.root_node().into_raw().tree,
                nodes.as_mut_ptr(),
                capacity,
            );
            if written as usize == count {
                nodes.set_len(count);
            }
            written
        };
        (written as usize == count).then_some(nodes)
    }

    /// Reads every node in pre-order by stepping a cursor: what `read` must agree with.
    fn step(tree: &'t Tree, count: usize, named: &[bool]) -> Vec<Entry<'t>> {
        let mut nodes: Vec<Entry<'t>> = Vec::with_capacity(count);
        // Index of each node on the way down.
        let mut stack: Vec<u32> = Vec::new();
        let mut cursor = tree.walk();
        loop {
            let node = cursor.node();
            let index = nodes.len() as u32;
            let kind = node.kind_id();
            nodes.push(Entry {
                node,
                kind,
                field: cursor.field_id().map_or(0, |f| f.get()),
                // Error nodes (kind `u16::MAX`) are named.
                named: named.get(kind as usize).copied().unwrap_or(true),
                extra: node.is_extra(),
                parent: stack.last().copied().unwrap_or(u32::MAX),
                end: index + 1,
                end_byte: node.end_byte() as u32,
                kids_start: 0,
                kids_len: 0,
            });
            if cursor.goto_first_child() {
                stack.push(index);
                continue;
            }
            loop {
                if stack.is_empty() {
                    return nodes;
                }
                if cursor.goto_next_sibling() {
                    break;
                }
                if let Some(done) = stack.pop() {
                    nodes[done as usize].end = nodes.len() as u32;
                }
                cursor.goto_parent();
            }
        }
    }

    /// Groups children by parent: count, place runs by prefix sum, then fill in pre-order
    /// (which keeps siblings in source order).
    fn link(
        mut nodes: Vec<Entry<'t>>,
        names: &'static [String],
        fields: &'static FxHashMap<String, u16>,
    ) -> FlatTree<'t> {
        for index in 1..nodes.len() {
            let parent = nodes[index].parent as usize;
            nodes[parent].kids_len += 1;
        }
        let mut next = 0u32;
        for entry in &mut nodes {
            entry.kids_start = next;
            next += entry.kids_len;
        }
        let mut filled = spare::zeroed(spare::Slot::Filled, nodes.len());
        let mut kids = spare::zeroed(spare::Slot::Kids, next as usize);
        for index in 1..nodes.len() {
            let p = nodes[index].parent as usize;
            kids[(nodes[p].kids_start + filled[p]) as usize] = index as u32;
            filled[p] += 1;
        }
        spare::give_back(spare::Slot::Filled, filled);
        FlatTree {
            nodes,
            kids,
            names,
            fields,
        }
    }

    /// The kind name of node `index`.
    pub fn kind(&self, index: u32) -> &'static str {
        self.names
            .get(self.nodes[index as usize].kind as usize)
            .map_or("", String::as_str)
    }

    /// Where `node` sits in this tree (nodes are in pre-order, so sorted by start byte).
    pub fn index_of(&self, node: Node<'_>) -> Option<u32> {
        let start = node.start_byte();
        let first = self.nodes.partition_point(|e| e.node.start_byte() < start);
        self.nodes[first..]
            .iter()
            .take_while(|e| e.node.start_byte() == start)
            .position(|e| e.node.id() == node.id())
            .map(|i| (first + i) as u32)
    }

    /// The id of field `name` in this tree's grammar (0, which no child carries, if none).
    pub fn field_id(&self, name: &str) -> u16 {
        self.fields.get(name).copied().unwrap_or(0)
    }

    /// The parent of `node`, read from the arrays: tree-sitter finds a parent by walking
    /// down from the root, past every earlier sibling on the way.
    pub fn parent_of(&self, node: Node<'_>) -> Option<Node<'t>> {
        let parent = self.parent(self.index_of(node)?)?;
        Some(self.nodes[parent as usize].node)
    }

    /// The parent of node `index`, if any.
    pub fn parent(&self, index: u32) -> Option<u32> {
        let parent = self.nodes[index as usize].parent;
        (parent != u32::MAX).then_some(parent)
    }

    /// The sibling just before node `index` (extras such as comments included), if any.
    pub fn prev_sibling(&self, index: u32) -> Option<u32> {
        let siblings = self.children(self.parent(index)?);
        // Children are in pre-order, so their indices ascend.
        let position = siblings.binary_search(&index).ok()?;
        position.checked_sub(1).map(|p| siblings[p])
    }

    /// The child of `index` under field `field` (first one). Field 0 (what `field_id`
    /// answers for a name the grammar lacks) is no field: never a match.
    pub fn child_by_field(&self, index: u32, field: u16) -> Option<u32> {
        if field == 0 {
            return None;
        }
        self.children(index)
            .iter()
            .copied()
            .find(|&c| self.nodes[c as usize].field == field)
    }

    /// The child of `index` under the field called `name`.
    pub fn field(&self, index: u32, name: &str) -> Option<u32> {
        self.child_by_field(index, self.field_id(name))
    }

    /// The named children of `index`, in source order.
    pub fn named_children(&self, index: u32) -> impl Iterator<Item = u32> + '_ {
        self.children(index)
            .iter()
            .copied()
            .filter(|&c| self.nodes[c as usize].named)
    }

    /// The source text of node `index`.
    pub fn text<'s>(&self, index: u32, source: &'s str) -> &'s str {
        source.get(self.nodes[index as usize].range()).unwrap_or("")
    }

    /// The 1-based line node `index` starts on.
    pub fn line(&self, index: u32) -> u32 {
        self.nodes[index as usize].node.start_position().row as u32 + 1
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn entry(&self, index: u32) -> &Entry<'t> {
        &self.nodes[index as usize]
    }

    /// Children of node `index` (extras such as comments included).
    pub fn children(&self, index: u32) -> &[u32] {
        let entry = &self.nodes[index as usize];
        &self.kids[entry.kids_start as usize..(entry.kids_start + entry.kids_len) as usize]
    }
}

impl Drop for FlatTree<'_> {
    fn drop(&mut self) {
        spare::give_back_nodes(std::mem::take(&mut self.nodes));
        spare::give_back(spare::Slot::Kids, std::mem::take(&mut self.kids));
    }
}

/// Drops the arrays this thread kept for its next flat tree (see `spare`).
pub fn release_spare() {
    spare::release();
}

/// Each thread keeps its last flat tree's arrays for the next file. Fresh memory costs a
/// page fault per 4 KiB on first touch, and the allocator often handed a new file's
/// 64-byte-per-node array fresh pages: on a small cold run the walk's writes were a large
/// share of all page faults (`benches/parse.rs`, flat tree).
mod spare {
    use std::cell::RefCell;

    use super::Entry;

    /// Arrays larger than this are freed rather than kept: a thread that once read a huge
    /// file should not hold its memory for the rest of a long-lived session.
    pub(super) const KEEP_BYTES: usize = 8 << 20;

    #[derive(Clone, Copy)]
    pub(super) enum Slot {
        Kids,
        Filled,
    }

    #[derive(Default)]
    struct Arrays {
        nodes: Vec<Entry<'static>>,
        words: [Vec<u32>; 2],
    }

    thread_local! {
        static ARRAYS: RefCell<Arrays> = RefCell::default();
    }

    /// Room for `count` items where the kept array was too small: at least all that may be
    /// kept. Pages are paid for (a fault each) only once written, so the headroom costs
    /// nothing, while growing by a file's size at a time paid again for each larger file.
    fn grown(count: usize, item: usize) -> usize {
        count.max(KEEP_BYTES / item)
    }

    /// An empty array with room for `count` entries.
    pub(super) fn nodes<'t>(count: usize) -> Vec<Entry<'t>> {
        let kept = ARRAYS
            .try_with(|a| std::mem::take(&mut a.borrow_mut().nodes))
            .unwrap_or_default();
        // Grown by `reserve`, the old allocation would be copied for nothing.
        if kept.capacity() >= count {
            kept
        } else {
            Vec::with_capacity(grown(count, size_of::<Entry<'_>>()))
        }
    }

    pub(super) fn give_back_nodes(mut nodes: Vec<Entry<'_>>) {
        if nodes.capacity() * size_of::<Entry<'_>>() > KEEP_BYTES {
            return;
        }
        nodes.clear();
        // Empty, the array holds no node of the tree it came from, so it can outlive it:
        // collected in place (same size and alignment), the allocation is kept.
        // (`filter` would keep the item type, and with it the tree's lifetime.)
        #[allow(clippy::unnecessary_filter_map)]
        let nodes: Vec<Entry<'static>> = nodes.into_iter().filter_map(|_| None).collect();
        let _ = ARRAYS.try_with(|a| a.borrow_mut().nodes = nodes);
    }

    /// `len` zeros.
    pub(super) fn zeroed(slot: Slot, len: usize) -> Vec<u32> {
        let mut kept = ARRAYS
            .try_with(|a| std::mem::take(&mut a.borrow_mut().words[slot as usize]))
            .unwrap_or_default();
        if kept.capacity() < len {
            let mut fresh = Vec::with_capacity(grown(len, size_of::<u32>()));
            fresh.resize(len, 0);
            return fresh;
        }
        kept.resize(len, 0);
        kept
    }

    /// Drops this thread's kept arrays.
    pub(super) fn release() {
        let _ = ARRAYS.try_with(|a| *a.borrow_mut() = Arrays::default());
    }

    pub(super) fn give_back(slot: Slot, mut words: Vec<u32>) {
        if words.capacity() * size_of::<u32>() > KEEP_BYTES {
            return;
        }
        words.clear();
        let _ = ARRAYS.try_with(|a| a.borrow_mut().words[slot as usize] = words);
    }
}

#[cfg(test)]
mod tests;
