//! Runs parsed patterns over a file's `FlatTree`. tree-sitter's own query cursor costs
//! about twice a plain walk per node whatever the patterns (`benches/parse.rs` times the two
//! side by side); ours looks only at nodes whose kind starts a pattern, reads children from
//! arrays, and tests a predicate on one capture as soon as that capture is taken, so most
//! candidate matches stop at their first wrong name. It reports the same matches as
//! tree-sitter's (`tests/it/queries.rs` compares them for every query in the repository),
//! ordered by match root in pre-order, then by pattern.

use rustc_hash::FxHashMap;
use tree_sitter::{Language, Node};

use crate::parse::flat::{Entry, FlatTree};
use crate::parse::query::regexes::LazyRegex;
use crate::parse::query::syntax::{self, Argument, Kind, PatternNode};

/// A capture: its index in `Matcher::capture_names` and the node.
pub type Capture<'t> = (u32, Node<'t>);

enum KindTest {
    Ids(Vec<u16>),
    AnyNamed,
    Any,
}

struct CNode {
    kind: KindTest,
    children: Vec<CChild>,
    negated_fields: Vec<u16>,
    captures: Vec<u32>,
    /// Predicates (indices into the pattern's) that read only a capture taken here: tested
    /// when it is taken.
    checks: Vec<usize>,
    alternatives: Vec<CNode>,
    /// The last step must take the last named child (no steps: no named children).
    anchored_end: bool,
}

struct CChild {
    field: Option<u16>,
    node: CNode,
    optional: bool,
    anchored: bool,
}

enum CPredicate {
    Eq {
        capture: u32,
        other: Operand,
        negate: bool,
    },
    AnyOf {
        capture: u32,
        values: Vec<String>,
        negate: bool,
    },
    Match {
        capture: u32,
        regex: LazyRegex,
        negate: bool,
    },
}

enum Operand {
    Capture(u32),
    Text(String),
}

struct CPattern {
    root: CNode,
    predicates: Vec<CPredicate>,
    /// Predicates relating two captures, tested once the whole pattern matched.
    late: Vec<usize>,
    /// A required descendant whose text must be one of a few words, if the pattern has one.
    probe: Option<Probe>,
    /// Index into `Matcher::needs` of a text every match contains (patterns without a
    /// probe only: see `needed`).
    need: Option<usize>,
}

/// A chain of required (field, kinds) steps from a pattern's root to a node whose text the
/// pattern pins down (`#eq?`/`#any-of?`). Most patterns name the function they look for;
/// reading that name once per node and comparing words is far cheaper than starting a
/// full match for each of the dozens of patterns rooted at every call.
struct Probe {
    /// Indices into `Matcher::paths` (several when an alternation offers several ways to
    /// the pinned node): patterns with the same chain share one reading.
    paths: Vec<usize>,
    values: Vec<Vec<u8>>,
}

type Path = Vec<(u16, Vec<u16>)>;

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

/// Needed texts shorter than this are too common to rule a file out.
const MIN_NEED: usize = 3;

/// The patterns that can start at nodes of one kind. Dozens of patterns rooted at calls
/// each name the function they want: instead of testing each one's words against the node,
/// each probe chain is read once and its words looked up.
struct Plan {
    /// Every pattern rooted at this kind, then those rooted at any kind, in pattern order:
    /// the order matches are reported in.
    order: Vec<u32>,
    /// Positions in `order` of the patterns without a probe, tried at every such node.
    plain: Vec<u32>,
    /// Per probe chain read at this kind (an index into `Matcher::paths`): word →
    /// positions in `order` of the patterns that word lets through.
    probes: Vec<(usize, Admits)>,
}

/// Word → positions in a `Plan`'s order.
type Admits = FxHashMap<Vec<u8>, Vec<u32>>;

impl Matcher {
    pub fn new(language: &Language, source: &str) -> Result<Matcher, String> {
        let parsed = syntax::parse(source)?;
        let mut capture_names = Vec::new();
        let mut patterns = Vec::new();
        let mut paths: Vec<Path> = Vec::new();
        let mut needs: Vec<Vec<u8>> = Vec::new();
        let kinds = Kinds::new(language);
        for pattern in &parsed {
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
        // The captures of the matches reported for the current pattern and node, end to
        // end: tree-sitter reports matches that differ only in uncaptured nodes once.
        let mut reported: Vec<Capture<'t>> = Vec::new();
        let mut ends: Vec<usize> = Vec::new();
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
                ends.clear();
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
                        {
                            let mut start = 0;
                            let again = ends.iter().any(|&end| {
                                let same = reported[start..end] == caps[..];
                                start = end;
                                same
                            });
                            if !again {
                                reported.extend_from_slice(caps);
                                ends.push(reported.len());
                                found(index, caps);
                            }
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

/// What to try at nodes whose candidate patterns are `order`.
fn plan(patterns: &[CPattern], order: Vec<u32>) -> Plan {
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
fn find_probe(node: &CNode, predicates: &[CPredicate]) -> Option<(Vec<Path>, Vec<Vec<u8>>)> {
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
fn needed(node: &CNode, predicates: &[CPredicate]) -> Option<Vec<u8>> {
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
fn pinned_values(node: &CNode, predicates: &[CPredicate]) -> Option<Vec<Vec<u8>>> {
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
fn read_path<'s>(
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

/// The capture a predicate reads when it reads only one (against literal text).
fn unary_capture(predicate: &CPredicate) -> Option<u32> {
    match predicate {
        CPredicate::Eq {
            other: Operand::Capture(_),
            ..
        } => None,
        CPredicate::Eq { capture, .. }
        | CPredicate::AnyOf { capture, .. }
        | CPredicate::Match { capture, .. } => Some(*capture),
    }
}

/// Hangs predicate `index` on every node that takes `capture`. Each node captured under a
/// name must satisfy it, so testing each as it is taken is the same as testing all at the end.
fn attach_check(node: &mut CNode, capture: u32, index: usize) {
    if node.captures.contains(&capture) {
        node.checks.push(index);
    }
    for alternative in &mut node.alternatives {
        attach_check(alternative, capture, index);
    }
    for child in &mut node.children {
        attach_check(&mut child.node, capture, index);
    }
}

fn compile_node(
    language: &Kinds<'_>,
    node: &PatternNode,
    names: &mut Vec<String>,
) -> Result<CNode, String> {
    let capture_ids = |captures: &[String], names: &mut Vec<String>| -> Vec<u32> {
        captures.iter().map(|c| capture_id(names, c)).collect()
    };
    match node {
        PatternNode::Alternation {
            alternatives,
            captures,
        } => {
            let alternatives = alternatives
                .iter()
                .map(|a| compile_node(language, a, names))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(CNode {
                kind: KindTest::Any,
                children: Vec::new(),
                negated_fields: Vec::new(),
                captures: capture_ids(captures, names),
                checks: Vec::new(),
                alternatives,
                anchored_end: false,
            })
        }
        PatternNode::Node {
            kind,
            children,
            negated_fields,
            captures,
            anchored_end,
        } => {
            let kind = match kind {
                Kind::Any => KindTest::Any,
                Kind::AnyNamed => KindTest::AnyNamed,
                Kind::Named(name) => KindTest::Ids(language.ids(name, true)?),
                Kind::Anonymous(text) => KindTest::Ids(language.ids(text, false)?),
            };
            let mut compiled = Vec::new();
            for child in children {
                let field = match &child.field {
                    Some(name) => Some(field_id(language.language, name)?),
                    None => None,
                };
                compiled.push(CChild {
                    field,
                    node: compile_node(language, &child.node, names)?,
                    optional: child.optional,
                    anchored: child.anchored,
                });
            }
            let negated_fields = negated_fields
                .iter()
                .map(|f| field_id(language.language, f))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(CNode {
                kind,
                children: compiled,
                negated_fields,
                captures: capture_ids(captures, names),
                checks: Vec::new(),
                alternatives: Vec::new(),
                anchored_end: *anchored_end,
            })
        }
    }
}

fn capture_id(names: &mut Vec<String>, name: &str) -> u32 {
    match names.iter().position(|n| n == name) {
        Some(i) => i as u32,
        None => {
            names.push(name.to_string());
            (names.len() - 1) as u32
        }
    }
}

/// Visible kind ids by (name, named), read once per compile: patterns name kinds hundreds
/// of times, and scanning the grammar's symbol table for each costs milliseconds at startup.
struct Kinds<'l> {
    language: &'l Language,
    ids: std::collections::HashMap<(&'l str, bool), Vec<u16>>,
}

impl<'l> Kinds<'l> {
    fn new(language: &'l Language) -> Kinds<'l> {
        let mut ids: std::collections::HashMap<(&str, bool), Vec<u16>> =
            std::collections::HashMap::new();
        for id in 0..language.node_kind_count() as u16 {
            if language.node_kind_is_visible(id)
                && let Some(name) = language.node_kind_for_id(id)
            {
                ids.entry((name, language.node_kind_is_named(id)))
                    .or_default()
                    .push(id);
            }
        }
        Kinds { language, ids }
    }

    /// Every visible kind id with this name (aliases can give one name several symbols).
    fn ids(&self, name: &str, named: bool) -> Result<Vec<u16>, String> {
        self.ids
            .get(&(name, named))
            .cloned()
            .ok_or_else(|| format!("no node kind `{name}` in this grammar"))
    }
}

fn field_id(language: &Language, name: &str) -> Result<u16, String> {
    language
        .field_id_for_name(name)
        .map(|f| f.get())
        .ok_or_else(|| format!("no field `{name}` in this grammar"))
}

fn compile_predicate(
    predicate: &syntax::Predicate,
    names: &mut Vec<String>,
) -> Result<CPredicate, String> {
    let capture = match predicate.arguments.first() {
        Some(Argument::Capture(name)) => capture_id(names, name),
        _ => return Err(format!("#{} needs a capture first", predicate.name)),
    };
    let texts: Vec<String> = predicate.arguments[1..]
        .iter()
        .filter_map(|a| match a {
            Argument::Text(t) => Some(t.clone()),
            Argument::Capture(_) => None,
        })
        .collect();
    match predicate.name.as_str() {
        "#eq?" | "#not-eq?" => {
            let other = match predicate.arguments.get(1) {
                Some(Argument::Capture(name)) => Operand::Capture(capture_id(names, name)),
                Some(Argument::Text(text)) => Operand::Text(text.clone()),
                None => return Err(format!("{} needs two arguments", predicate.name)),
            };
            Ok(CPredicate::Eq {
                capture,
                other,
                negate: predicate.name == "#not-eq?",
            })
        }
        "#any-of?" | "#not-any-of?" => Ok(CPredicate::AnyOf {
            capture,
            values: texts,
            negate: predicate.name == "#not-any-of?",
        }),
        "#match?" | "#not-match?" => {
            let pattern = texts.first().ok_or("#match? needs a regex")?;
            let regex = LazyRegex::new(pattern).map_err(|e| format!("#match? regex: {e}"))?;
            Ok(CPredicate::Match {
                capture,
                regex,
                negate: predicate.name == "#not-match?",
            })
        }
        other => Err(format!("unsupported predicate {other}")),
    }
}

/// Collects the kinds a pattern root can start at; `true` if any kind.
fn root_ids(node: &CNode, out: &mut Vec<u16>) -> bool {
    if !node.alternatives.is_empty() {
        let mut any = false;
        for alternative in &node.alternatives {
            any |= root_ids(alternative, out);
        }
        return any;
    }
    match &node.kind {
        KindTest::Ids(ids) => {
            out.extend(ids);
            false
        }
        KindTest::AnyNamed | KindTest::Any => true,
    }
}

fn source_text<'s>(entry: &Entry<'_>, source: &'s [u8]) -> &'s [u8] {
    source.get(entry.range()).unwrap_or(&[])
}

fn text<'s>(node: Node<'_>, source: &'s [u8]) -> &'s [u8] {
    source.get(node.byte_range()).unwrap_or(&[])
}

/// A predicate holds when every node captured under its name satisfies it.
fn holds(predicate: &CPredicate, caps: &[Capture<'_>], source: &[u8]) -> bool {
    let of = |id: u32| caps.iter().filter(move |(c, _)| *c == id).map(|(_, n)| *n);
    match predicate {
        CPredicate::Eq {
            capture,
            other: Operand::Capture(o),
            negate,
        } => of(*capture)
            .all(|node| of(*o).all(|other| text(node, source) == text(other, source)) != *negate),
        CPredicate::Eq { capture, .. }
        | CPredicate::AnyOf { capture, .. }
        | CPredicate::Match { capture, .. } => {
            of(*capture).all(|node| holds_on(predicate, text(node, source)))
        }
    }
}

/// A one-capture predicate on one captured node.
fn holds_on(predicate: &CPredicate, text: &[u8]) -> bool {
    match predicate {
        CPredicate::Eq {
            other: Operand::Text(t),
            negate,
            ..
        } => (text == t.as_bytes()) != *negate,
        CPredicate::Eq {
            other: Operand::Capture(_),
            ..
        } => true,
        CPredicate::AnyOf { values, negate, .. } => {
            values.iter().any(|v| text == v.as_bytes()) != *negate
        }
        CPredicate::Match { regex, negate, .. } => {
            std::str::from_utf8(text).is_ok_and(|t| regex.is_match(t)) != *negate
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
    let mut produced = false;
    for (index, &child) in children.iter().enumerate().skip(start) {
        if step.anchored && Some(index) != anchor {
            continue;
        }
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
