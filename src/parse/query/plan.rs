//! Which patterns to try at a node: those rooted at its kind, and of those with a probe
//! only the ones whose pinned words the node's text holds.

use rustc_hash::FxHashMap;

use crate::parse::flat::FlatTree;
use crate::parse::query::compiled::{CNode, CPattern, CPredicate, KindTest, Operand};

/// A chain of required (field, kinds) steps from a pattern's root to a node whose text the
/// pattern pins down (`#eq?`/`#any-of?`). Most patterns name the function they look for;
/// reading that name once per node and comparing words is far cheaper than starting a
/// full match for each of the dozens of patterns rooted at every call.
pub(super) struct Probe {
    /// Indices into `Matcher::paths` (several when an alternation offers several ways to
    /// the pinned node): patterns with the same chain share one reading.
    pub(super) paths: Vec<usize>,
    pub(super) values: Vec<Vec<u8>>,
}

pub(super) type Path = Vec<(u16, Vec<u16>)>;

/// Needed texts shorter than this are too common to rule a file out.
pub(super) const MIN_NEED: usize = 3;

/// The patterns that can start at nodes of one kind. Dozens of patterns rooted at calls
/// each name the function they want: instead of testing each one's words against the node,
/// each probe chain is read once and its words looked up.
pub(super) struct Plan {
    /// Every pattern rooted at this kind, then those rooted at any kind, in pattern order:
    /// the order matches are reported in.
    pub(super) order: Vec<u32>,
    /// Positions in `order` of the patterns without a probe, tried at every such node.
    pub(super) plain: Vec<u32>,
    /// Per probe chain read at this kind (an index into `Matcher::paths`): word →
    /// positions in `order` of the patterns that word lets through.
    pub(super) probes: Vec<(usize, Admits)>,
}

/// Word → positions in a `Plan`'s order.
pub(super) type Admits = FxHashMap<Vec<u8>, Vec<u32>>;

/// What to try at nodes whose candidate patterns are `order`.
pub(super) fn plan(patterns: &[CPattern], order: Vec<u32>) -> Plan {
    let mut plain = Vec::new();
    let mut probes: Vec<(usize, Admits)> = Vec::new();
    for (position, &index) in order.iter().enumerate() {
        let Some(probe) = &patterns[index as usize].probe else {
            plain.push(position as u32);
            continue;
        };
        for &path in &probe.paths {
            let slot = match probes.iter().position(|(p, _)| *p == path) {
                Some(slot) => slot,
                None => {
                    probes.push((path, Admits::default()));
                    probes.len() - 1
                }
            };
            for value in &probe.values {
                probes[slot]
                    .1
                    .entry(value.clone())
                    .or_default()
                    .push(position as u32);
            }
        }
    }
    Plan {
        order,
        plain,
        probes,
    }
}

/// The first chain of required field steps leading to a node whose text a positive
/// `#eq?`/`#any-of?` pins down. An alternation on the way gives one chain per alternative,
/// and counts only when every alternative pins the same words.
pub(super) fn find_probe(
    node: &CNode,
    predicates: &[CPredicate],
) -> Option<(Vec<Path>, Vec<Vec<u8>>)> {
    for child in &node.children {
        let (Some(field), false) = (child.field, child.optional) else {
            continue;
        };
        let ways: Vec<&CNode> = if child.node.alternatives.is_empty() {
            vec![&child.node]
        } else {
            child.node.alternatives.iter().collect()
        };
        let mut paths = Vec::new();
        let mut pinned: Option<Vec<Vec<u8>>> = None;
        let mut covered = 0;
        let count = ways.len();
        for way in ways {
            let KindTest::Ids(ids) = &way.kind else { break };
            if !way.alternatives.is_empty() {
                break;
            }
            let (found, values) = match pinned_values(way, predicates) {
                Some(values) => (vec![vec![(field, ids.clone())]], values),
                None => match find_probe(way, predicates) {
                    Some((found, values)) => (
                        found
                            .into_iter()
                            .map(|rest| std::iter::once((field, ids.clone())).chain(rest).collect())
                            .collect(),
                        values,
                    ),
                    None => break,
                },
            };
            if pinned.as_ref().is_some_and(|p| *p != values) {
                break;
            }
            pinned = Some(values);
            paths.extend(found);
            covered += 1;
        }
        // Every way must lead to a pinned word, or a node could match by the way not read.
        if let (true, Some(values)) = (covered == count, pinned) {
            return Some((paths, values));
        }
    }
    None
}

/// A text every match of the pattern rooted at `node` contains, so that a file without it
/// needs no attempt: what a positive `#eq?` or `#match?` requires of a capture that every
/// match takes (on this node or on a required child, outside alternations), the longest
/// such. A predicate on a capture a match may skip passes without reading anything.
pub(super) fn needed(node: &CNode, predicates: &[CPredicate]) -> Option<Vec<u8>> {
    if !node.alternatives.is_empty() {
        return None;
    }
    let own = node.checks.iter().filter_map(|&p| match &predicates[p] {
        CPredicate::Eq {
            other: Operand::Text(text),
            negate: false,
            ..
        } => Some(text.as_bytes().to_vec()),
        CPredicate::Match {
            regex,
            negate: false,
            ..
        } => regex.required().map(<[u8]>::to_vec),
        _ => None,
    });
    let below = node
        .children
        .iter()
        .filter(|c| !c.optional)
        .filter_map(|c| needed(&c.node, predicates));
    own.chain(below)
        .filter(|text| text.len() >= MIN_NEED)
        .max_by_key(Vec::len)
}

/// The words a positive `#eq?`/`#any-of?` on this node's own capture allows.
pub(super) fn pinned_values(node: &CNode, predicates: &[CPredicate]) -> Option<Vec<Vec<u8>>> {
    node.checks.iter().find_map(|&p| match &predicates[p] {
        CPredicate::Eq {
            other: Operand::Text(text),
            negate: false,
            ..
        } => Some(vec![text.as_bytes().to_vec()]),
        CPredicate::AnyOf {
            values,
            negate: false,
            ..
        } => Some(values.iter().map(|v| v.as_bytes().to_vec()).collect()),
        _ => None,
    })
}

/// Texts of the nodes reached from `node` along `path` (a field can hold several children).
pub(super) fn read_path<'s>(
    tree: &FlatTree<'_>,
    node: u32,
    path: &[(u16, Vec<u16>)],
    source: &'s [u8],
    out: &mut Vec<&'s [u8]>,
) {
    let Some(((field, kinds), rest)) = path.split_first() else {
        out.push(source.get(tree.entry(node).range()).unwrap_or(&[]));
        return;
    };
    for &child in tree.children(node) {
        let entry = tree.entry(child);
        if entry.field == *field && kinds.contains(&entry.kind) {
            read_path(tree, child, rest, source, out);
        }
    }
}
