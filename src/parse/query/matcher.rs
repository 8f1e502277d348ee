//! Runs parsed patterns over a file's `FlatTree`. tree-sitter's own query cursor costs
//! about twice a plain walk per node whatever the patterns (`benches/parse.rs` times the two
//! side by side); ours looks only at nodes whose kind starts a pattern, reads children from
//! arrays, and tests a predicate on one capture as soon as that capture is taken, so most
//! candidate matches stop at their first wrong name. It reports the same matches as
//! tree-sitter's (`tests/it/queries.rs` compares them for every query in the repository),
//! ordered by match root in pre-order, then by pattern.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use tree_sitter::{Language, Node};

use crate::parse::flat::FlatTree;
use crate::parse::query::compiled::{
    CChild, CNode, CPattern, CPredicate, KindTest, Kinds, attach_check, compile_node,
    compile_predicate, holds, holds_on, root_ids, source_text, unary_capture,
};
use crate::parse::query::plan::{Path, Plan, Probe, find_probe, needed, plan, read_path};
use crate::parse::query::syntax;

/// A capture: its index in `Matcher::capture_names` and the node.
pub type Capture<'t> = (u32, Node<'t>);

/// Matches at one node compared one by one before they are looked up by hash.
const LINEAR_DEDUP: usize = 16;

/// The captures of the matches reported for one pattern at one node, end to end:
/// tree-sitter reports matches that differ only in uncaptured nodes once.
#[derive(Default)]
struct Reported<'t> {
    captures: Vec<Capture<'t>>,
    ends: Vec<usize>,
    /// Past `LINEAR_DEDUP` matches, the reported ones by the hash of their captures (which
    /// match ends where), so a node with thousands of matches is not compared with each
    /// earlier one.
    by_hash: FxHashMap<u64, SmallVec<[u32; 1]>>,
}

impl<'t> Reported<'t> {
    fn clear(&mut self) {
        self.captures.clear();
        self.ends.clear();
        self.by_hash.clear();
    }

    /// The captures of match `at`.
    fn get(&self, at: usize) -> &[Capture<'t>] {
        let start = if at == 0 { 0 } else { self.ends[at - 1] };
        &self.captures[start..self.ends[at]]
    }

    /// Records `caps` unless a match with the same captures was reported; says which.
    fn first_time(&mut self, caps: &[Capture<'t>]) -> bool {
        let seen = if self.ends.len() < LINEAR_DEDUP {
            (0..self.ends.len()).any(|at| self.get(at) == caps)
        } else {
            if self.by_hash.is_empty() {
                for at in 0..self.ends.len() {
                    let hash = captures_hash(self.get(at));
                    self.by_hash.entry(hash).or_default().push(at as u32);
                }
            }
            self.by_hash
                .get(&captures_hash(caps))
                .is_some_and(|same| same.iter().any(|&at| self.get(at as usize) == caps))
        };
        if seen {
            return false;
        }
        if !self.by_hash.is_empty() {
            let at = self.ends.len() as u32;
            self.by_hash
                .entry(captures_hash(caps))
                .or_default()
                .push(at);
        }
        self.captures.extend_from_slice(caps);
        self.ends.push(self.captures.len());
        true
    }
}

/// A hash of a match's captures that equal captures share (`Node` equality is its id's).
fn captures_hash(caps: &[Capture<'_>]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = rustc_hash::FxHasher::default();
    for (index, node) in caps {
        index.hash(&mut hasher);
        node.id().hash(&mut hasher);
    }
    hasher.finish()
}

pub struct Matcher {
    patterns: Vec<CPattern>,
    pub capture_names: Vec<String>,
    /// Kind id → what to try at a node of that kind.
    by_kind: Vec<Plan>,
    /// The distinct probe chains.
    paths: Vec<Path>,
    /// The distinct texts some pattern needs the file to contain.
    needs: Vec<Vec<u8>>,
}

impl Matcher {
    pub fn new(language: &Language, source: &str) -> Result<Matcher, String> {
        Matcher::from_patterns(language, &syntax::parse(source)?)
    }

    /// Compiles patterns already parsed (`syntax::parse`) against `language`.
    pub fn from_patterns<'p>(
        language: &Language,
        parsed: impl IntoIterator<Item = &'p syntax::Pattern>,
    ) -> Result<Matcher, String> {
        let mut capture_names = Vec::new();
        let mut patterns = Vec::new();
        let mut paths: Vec<Path> = Vec::new();
        let mut needs: Vec<Vec<u8>> = Vec::new();
        let kinds = Kinds::new(language);
        for pattern in parsed {
            let mut root = compile_node(&kinds, &pattern.root, &mut capture_names)
                .map_err(|e| format!("{e} (pattern at byte {})", pattern.offset))?;
            let mut predicates = Vec::new();
            for predicate in &pattern.predicates {
                predicates.push(compile_predicate(predicate, &mut capture_names)?);
            }
            let mut late = Vec::new();
            for (index, predicate) in predicates.iter().enumerate() {
                match unary_capture(predicate) {
                    Some(capture) => attach_check(&mut root, capture, index),
                    None => late.push(index),
                }
            }
            let probe = find_probe(&root, &predicates).map(|(found, values)| {
                let indices = found
                    .into_iter()
                    .map(|path| {
                        paths.iter().position(|p| *p == path).unwrap_or_else(|| {
                            paths.push(path);
                            paths.len() - 1
                        })
                    })
                    .collect();
                Probe {
                    paths: indices,
                    values,
                }
            });
            // A probe already rules most nodes out at the price of one lookup.
            let need = probe
                .is_none()
                .then(|| needed(&root, &predicates))
                .flatten()
                .map(|text| {
                    needs.iter().position(|n| *n == text).unwrap_or_else(|| {
                        needs.push(text);
                        needs.len() - 1
                    })
                });
            patterns.push(CPattern {
                root,
                predicates,
                late,
                probe,
                need,
            });
        }
        let kinds = language.node_kind_count();
        let mut rooted = vec![Vec::new(); kinds];
        let mut any_kind = Vec::new();
        for (index, pattern) in patterns.iter().enumerate() {
            let mut ids = Vec::new();
            if root_ids(&pattern.root, &mut ids) {
                any_kind.push(index as u32);
            } else {
                ids.sort_unstable();
                ids.dedup();
                for id in ids {
                    if let Some(list) = rooted.get_mut(id as usize) {
                        list.push(index as u32);
                    }
                }
            }
        }
        let by_kind = rooted
            .into_iter()
            .map(|list| {
                plan(
                    &patterns,
                    list.into_iter().chain(any_kind.iter().copied()).collect(),
                )
            })
            .collect();
        Ok(Matcher {
            patterns,
            capture_names,
            by_kind,
            paths,
            needs,
        })
    }

    pub fn pattern_count(&self) -> usize {
        self.patterns.len()
    }

    /// Calls `found(pattern, captures)` for every match, in pre-order of the match roots.
    pub fn for_each_match<'t>(
        &self,
        tree: &FlatTree<'t>,
        source: &[u8],
        found: impl FnMut(u32, &[Capture<'t>]),
    ) {
        self.for_each_match_except(tree, source, &[], found);
    }

    /// `for_each_match` without trying the patterns `skip` marks (by pattern index; a
    /// pattern past its end is tried).
    pub fn for_each_match_except<'t>(
        &self,
        tree: &FlatTree<'t>,
        source: &[u8],
        skip: &[bool],
        mut found: impl FnMut(u32, &[Capture<'t>]),
    ) {
        let mut caps: Vec<Capture<'t>> = Vec::new();
        let mut reported = Reported::default();
        let mut texts: Vec<&[u8]> = Vec::new();
        let mut admitted: Vec<u32> = Vec::new();
        // Whether the file holds each needed text, looked for when a pattern first needs it.
        let mut held: Vec<Option<bool>> = vec![None; self.needs.len()];
        for node in 0..tree.len() as u32 {
            let Some(plan) = self.by_kind.get(tree.entry(node).kind as usize) else {
                continue;
            };
            if plan.order.is_empty() {
                continue;
            }
            let mut attempt = |index: u32| {
                if skip.get(index as usize) == Some(&true) {
                    return;
                }
                let pattern = &self.patterns[index as usize];
                if let Some(need) = pattern.need
                    && !*held[need].get_or_insert_with(|| {
                        memchr::memmem::find(source, &self.needs[need]).is_some()
                    })
                {
                    return;
                }
                caps.clear();
                reported.clear();
                let at = Match {
                    tree,
                    source,
                    predicates: &pattern.predicates,
                };
                match_node(
                    &at,
                    &pattern.root,
                    node,
                    &mut caps,
                    &mut |caps: &mut Vec<Capture<'t>>| {
                        if pattern
                            .late
                            .iter()
                            .all(|&p| holds(&pattern.predicates[p], caps, source))
                            && reported.first_time(caps)
                        {
                            found(index, caps);
                        }
                        true
                    },
                );
            };
            if plan.probes.is_empty() {
                plan.order.iter().for_each(|&index| attempt(index));
                continue;
            }
            admitted.clear();
            admitted.extend_from_slice(&plan.plain);
            for (path, words) in &plan.probes {
                texts.clear();
                read_path(tree, node, &self.paths[*path], source, &mut texts);
                for text in &texts {
                    if let Some(positions) = words.get(*text) {
                        admitted.extend_from_slice(positions);
                    }
                }
            }
            admitted.sort_unstable();
            admitted.dedup();
            admitted
                .iter()
                .for_each(|&position| attempt(plan.order[position as usize]));
        }
    }
}

/// What every step of one pattern's match reads.
struct Match<'a, 't> {
    tree: &'a FlatTree<'t>,
    source: &'a [u8],
    predicates: &'a [CPredicate],
}

/// Matches `pattern` at node `node`, calling `next` for each way it matches (with the
/// captures pushed); `next` returns whether it produced anything. Returns the same.
fn match_node<'t>(
    at: &Match<'_, 't>,
    pattern: &CNode,
    node: u32,
    caps: &mut Vec<Capture<'t>>,
    next: &mut dyn FnMut(&mut Vec<Capture<'t>>) -> bool,
) -> bool {
    let entry = at.tree.entry(node);
    if !pattern.alternatives.is_empty() {
        if !pattern
            .checks
            .iter()
            .all(|&p| holds_on(&at.predicates[p], source_text(entry, at.source)))
        {
            return false;
        }
        let mut produced = false;
        for alternative in &pattern.alternatives {
            let mark = caps.len();
            for &c in &pattern.captures {
                caps.push((c, entry.node));
            }
            produced |= match_node(at, alternative, node, caps, next);
            caps.truncate(mark);
        }
        return produced;
    }
    let kind_matches = match &pattern.kind {
        KindTest::Ids(ids) => ids.contains(&entry.kind),
        KindTest::AnyNamed => entry.named,
        KindTest::Any => true,
    };
    if !kind_matches
        || !pattern
            .checks
            .iter()
            .all(|&p| holds_on(&at.predicates[p], source_text(entry, at.source)))
    {
        return false;
    }
    let children = at.tree.children(node);
    if !pattern.negated_fields.is_empty()
        && children
            .iter()
            .any(|&c| pattern.negated_fields.contains(&at.tree.entry(c).field))
    {
        return false;
    }
    let mark = caps.len();
    for &c in &pattern.captures {
        caps.push((c, entry.node));
    }
    let produced = if pattern.children.is_empty() {
        next(caps)
    } else {
        match_children(
            at,
            Steps {
                list: &pattern.children,
                end: pattern.anchored_end,
            },
            children,
            0,
            None,
            caps,
            next,
        )
    };
    caps.truncate(mark);
    produced
}

/// Child steps still to match, and whether the last must take the last named child.
#[derive(Clone, Copy)]
struct Steps<'p> {
    list: &'p [CChild],
    end: bool,
}

fn match_children<'t>(
    at: &Match<'_, 't>,
    steps: Steps<'_>,
    children: &[u32],
    start: usize,
    previous: Option<usize>,
    caps: &mut Vec<Capture<'t>>,
    next: &mut dyn FnMut(&mut Vec<Capture<'t>>) -> bool,
) -> bool {
    let significant = |c: u32| {
        let entry = at.tree.entry(c);
        entry.named && !entry.extra
    };
    let Some((step, rest)) = steps.list.split_first() else {
        let after = previous.map_or(0, |p| p + 1);
        if steps.end && children.iter().skip(after).any(|&c| significant(c)) {
            return false;
        }
        return next(caps);
    };
    // An anchored step may only take the first named child after the previous match.
    let anchor = if step.anchored {
        let from = previous.map_or(0, |p| p + 1);
        children
            .iter()
            .enumerate()
            .skip(from)
            .find(|&(_, &c)| significant(c))
            .map(|(i, _)| i)
    } else {
        None
    };
    let rest = Steps {
        list: rest,
        end: steps.end,
    };
    // An anchored step tries its one child; walking every child to find it made a node
    // with many children (a macro's long token tree) cost the square of their number.
    let candidates = match (step.anchored, anchor) {
        (true, Some(index)) if index >= start => index..index + 1,
        (true, _) => 0..0,
        (false, _) => start..children.len(),
    };
    let mut produced = false;
    for index in candidates {
        let child = children[index];
        if step
            .field
            .is_some_and(|wanted| at.tree.entry(child).field != wanted)
        {
            continue;
        }
        produced |= match_node(at, &step.node, child, caps, &mut |caps: &mut Vec<
            Capture<'t>,
        >| {
            match_children(at, rest, children, index + 1, Some(index), caps, next)
        });
    }
    if step.optional && !produced {
        produced = match_children(at, rest, children, start, previous, caps, next);
    }
    produced
}
