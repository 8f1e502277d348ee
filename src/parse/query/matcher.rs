//! Runs parsed patterns over a syntax tree in one `TreeCursor` pass. tree-sitter's own
//! query cursor costs about twice a plain walk per node whatever the patterns (see
//! ARCHITECTURE.md); ours looks only at nodes whose kind starts a pattern. It reports the
//! same matches as tree-sitter's — `tests` compares the two on every fixture.

use regex::Regex;
use tree_sitter::{Language, Node, Tree, TreeCursor};

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
    Eq { capture: u32, other: Operand, negate: bool },
    AnyOf { capture: u32, values: Vec<String>, negate: bool },
    Match { capture: u32, regex: Regex, negate: bool },
}

enum Operand {
    Capture(u32),
    Text(String),
}

struct CPattern {
    root: CNode,
    predicates: Vec<CPredicate>,
    /// The root looks at its children (most roots of collect patterns do not).
    needs_children: bool,
}

pub struct Matcher {
    patterns: Vec<CPattern>,
    pub capture_names: Vec<String>,
    /// Kind id → patterns whose root can match it.
    by_kind: Vec<Vec<u32>>,
    /// Patterns whose root matches any kind.
    any_kind: Vec<u32>,
}

impl Matcher {
    pub fn new(language: &Language, source: &str) -> Result<Matcher, String> {
        let parsed = syntax::parse(source)?;
        let mut capture_names = Vec::new();
        let mut patterns = Vec::new();
        for pattern in &parsed {
            let root = compile_node(language, &pattern.root, &mut capture_names)
                .map_err(|e| format!("{e} (pattern at byte {})", pattern.offset))?;
            let mut predicates = Vec::new();
            for predicate in &pattern.predicates {
                predicates.push(compile_predicate(predicate, &mut capture_names)?);
            }
            let needs_children = needs_children(&root);
            patterns.push(CPattern { root, predicates, needs_children });
        }
        let kinds = language.node_kind_count();
        let mut by_kind = vec![Vec::new(); kinds];
        let mut any_kind = Vec::new();
        for (index, pattern) in patterns.iter().enumerate() {
            let mut ids = Vec::new();
            if root_ids(&pattern.root, &mut ids) {
                any_kind.push(index as u32);
            } else {
                ids.sort_unstable();
                ids.dedup();
                for id in ids {
                    if let Some(list) = by_kind.get_mut(id as usize) {
                        list.push(index as u32);
                    }
                }
            }
        }
        Ok(Matcher { patterns, capture_names, by_kind, any_kind })
    }

    pub fn pattern_count(&self) -> usize {
        self.patterns.len()
    }

    /// Calls `found(pattern, captures)` for every match, walking the tree once.
    pub fn for_each_match<'t>(&self, tree: &'t Tree, source: &[u8], mut found: impl FnMut(u32, &[Capture<'t>])) {
        let mut cursor = tree.walk();
        // One scratch cursor for reading children: `Node::walk` allocates each time.
        let mut scratch = tree.walk();
        let mut caps: Vec<Capture<'t>> = Vec::new();
        let mut root_children: Vec<(Node<'t>, u16)> = Vec::new();
        loop {
            let node = cursor.node();
            let list = self.by_kind.get(node.kind_id() as usize).map_or(&[][..], Vec::as_slice);
            // Several patterns often start at one node: read its children once for all.
            let mut have_children = false;
            for &index in list.iter().chain(&self.any_kind) {
                let pattern = &self.patterns[index as usize];
                if !have_children && pattern.needs_children {
                    root_children.clear();
                    fill_children(node, &mut scratch, &mut root_children);
                    have_children = true;
                }
                caps.clear();
                let children = if have_children { &root_children[..] } else { &[] };
                match_node(&pattern.root, node, Some(children), &mut scratch, &mut caps, &mut |_, caps: &mut Vec<Capture<'t>>| {
                    if pattern.predicates.iter().all(|p| holds(p, caps, source)) {
                        found(index, caps);
                    }
                    true
                });
            }
            if cursor.goto_first_child() {
                continue;
            }
            loop {
                if cursor.goto_next_sibling() {
                    break;
                }
                if !cursor.goto_parent() {
                    return;
                }
            }
        }
    }
}

fn compile_node(language: &Language, node: &PatternNode, names: &mut Vec<String>) -> Result<CNode, String> {
    let capture_ids = |captures: &[String], names: &mut Vec<String>| -> Vec<u32> {
        captures.iter().map(|c| capture_id(names, c)).collect()
    };
    match node {
        PatternNode::Alternation { alternatives, captures } => {
            let alternatives =
                alternatives.iter().map(|a| compile_node(language, a, names)).collect::<Result<Vec<_>, _>>()?;
            Ok(CNode {
                kind: KindTest::Any,
                children: Vec::new(),
                negated_fields: Vec::new(),
                captures: capture_ids(captures, names),
                alternatives,
                anchored_end: false,
            })
        }
        PatternNode::Node { kind, children, negated_fields, captures, anchored_end } => {
            let kind = match kind {
                Kind::Any => KindTest::Any,
                Kind::AnyNamed => KindTest::AnyNamed,
                Kind::Named(name) => KindTest::Ids(kind_ids(language, name, true)?),
                Kind::Anonymous(text) => KindTest::Ids(kind_ids(language, text, false)?),
            };
            let mut compiled = Vec::new();
            for child in children {
                let field = match &child.field {
                    Some(name) => Some(field_id(language, name)?),
                    None => None,
                };
                compiled.push(CChild {
                    field,
                    node: compile_node(language, &child.node, names)?,
                    optional: child.optional,
                    anchored: child.anchored,
                });
            }
            let negated_fields = negated_fields.iter().map(|f| field_id(language, f)).collect::<Result<Vec<_>, _>>()?;
            Ok(CNode {
                kind,
                children: compiled,
                negated_fields,
                captures: capture_ids(captures, names),
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

/// Every visible kind id with this name (aliases can give one name several symbols).
fn kind_ids(language: &Language, name: &str, named: bool) -> Result<Vec<u16>, String> {
    let mut ids = Vec::new();
    for id in 0..language.node_kind_count() as u16 {
        if language.node_kind_is_visible(id)
            && language.node_kind_is_named(id) == named
            && language.node_kind_for_id(id) == Some(name)
        {
            ids.push(id);
        }
    }
    if ids.is_empty() {
        return Err(format!("no node kind `{name}` in this grammar"));
    }
    Ok(ids)
}

fn field_id(language: &Language, name: &str) -> Result<u16, String> {
    language.field_id_for_name(name).map(|f| f.get()).ok_or_else(|| format!("no field `{name}` in this grammar"))
}

fn compile_predicate(predicate: &syntax::Predicate, names: &mut Vec<String>) -> Result<CPredicate, String> {
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
            Ok(CPredicate::Eq { capture, other, negate: predicate.name == "#not-eq?" })
        }
        "#any-of?" | "#not-any-of?" => {
            Ok(CPredicate::AnyOf { capture, values: texts, negate: predicate.name == "#not-any-of?" })
        }
        "#match?" | "#not-match?" => {
            let pattern = texts.first().ok_or("#match? needs a regex")?;
            let regex = Regex::new(pattern).map_err(|e| format!("#match? regex: {e}"))?;
            Ok(CPredicate::Match { capture, regex, negate: predicate.name == "#not-match?" })
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

fn text<'s>(node: Node<'_>, source: &'s [u8]) -> &'s [u8] {
    source.get(node.byte_range()).unwrap_or(&[])
}

/// A predicate holds when every node captured under its name satisfies it.
fn holds(predicate: &CPredicate, caps: &[Capture<'_>], source: &[u8]) -> bool {
    let of = |id: u32| caps.iter().filter(move |(c, _)| *c == id).map(|(_, n)| *n);
    match predicate {
        CPredicate::Eq { capture, other, negate } => of(*capture).all(|node| {
            let equal = match other {
                Operand::Text(t) => text(node, source) == t.as_bytes(),
                Operand::Capture(o) => of(*o).all(|other| text(node, source) == text(other, source)),
            };
            equal != *negate
        }),
        CPredicate::AnyOf { capture, values, negate } => {
            of(*capture).all(|node| values.iter().any(|v| text(node, source) == v.as_bytes()) != *negate)
        }
        CPredicate::Match { capture, regex, negate } => of(*capture)
            .all(|node| std::str::from_utf8(text(node, source)).is_ok_and(|t| regex.is_match(t)) != *negate),
    }
}

/// Matches `pattern` at `node`, calling `next` for each way it matches (with the captures
/// pushed); `next` returns whether it produced anything. Returns the same. `known` is the
/// node's children when the caller has read them already (a pattern root).
fn match_node<'t>(
    pattern: &CNode,
    node: Node<'t>,
    known: Option<&[(Node<'t>, u16)]>,
    scratch: &mut TreeCursor<'t>,
    caps: &mut Vec<Capture<'t>>,
    next: &mut dyn FnMut(&mut TreeCursor<'t>, &mut Vec<Capture<'t>>) -> bool,
) -> bool {
    if !pattern.alternatives.is_empty() {
        let mut produced = false;
        for alternative in &pattern.alternatives {
            let mark = caps.len();
            for &c in &pattern.captures {
                caps.push((c, node));
            }
            produced |= match_node(alternative, node, known, scratch, caps, next);
            caps.truncate(mark);
        }
        return produced;
    }
    if !kind_matches(pattern, node) {
        return false;
    }
    if let Some(children) = known {
        return match_with_children(pattern, node, children, scratch, caps, next);
    }
    let mut children = Vec::new();
    if !pattern.negated_fields.is_empty() || !pattern.children.is_empty() || pattern.anchored_end {
        fill_children(node, scratch, &mut children);
    }
    match_with_children(pattern, node, &children, scratch, caps, next)
}

fn needs_children(node: &CNode) -> bool {
    !node.children.is_empty() || !node.negated_fields.is_empty() || node.anchored_end || node.alternatives.iter().any(needs_children)
}

fn kind_matches(pattern: &CNode, node: Node<'_>) -> bool {
    match &pattern.kind {
        KindTest::Ids(ids) => ids.contains(&node.kind_id()),
        KindTest::AnyNamed => node.is_named(),
        KindTest::Any => true,
    }
}

/// The rest of a match once the node's kind fits: negated fields, captures, child steps.
fn match_with_children<'t>(
    pattern: &CNode,
    node: Node<'t>,
    children: &[(Node<'t>, u16)],
    scratch: &mut TreeCursor<'t>,
    caps: &mut Vec<Capture<'t>>,
    next: &mut dyn FnMut(&mut TreeCursor<'t>, &mut Vec<Capture<'t>>) -> bool,
) -> bool {
    if children.iter().any(|(_, f)| pattern.negated_fields.contains(f)) {
        return false;
    }
    let mark = caps.len();
    for &c in &pattern.captures {
        caps.push((c, node));
    }
    let produced = if pattern.children.is_empty() && !pattern.anchored_end {
        next(scratch, caps)
    } else {
        match_children(Steps { list: &pattern.children, end: pattern.anchored_end }, children, 0, None, scratch, caps, next)
    };
    caps.truncate(mark);
    produced
}

/// A node's children with their field ids (0 for none; extras such as comments included).
fn fill_children<'t>(node: Node<'t>, cursor: &mut TreeCursor<'t>, out: &mut Vec<(Node<'t>, u16)>) {
    cursor.reset(node);
    if cursor.goto_first_child() {
        loop {
            out.push((cursor.node(), cursor.field_id().map_or(0, |f| f.get())));
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }
}

/// Child steps still to match, and whether the last must take the last named child.
#[derive(Clone, Copy)]
struct Steps<'p> {
    list: &'p [CChild],
    end: bool,
}

fn match_children<'t>(
    steps: Steps<'_>,
    children: &[(Node<'t>, u16)],
    start: usize,
    previous: Option<usize>,
    scratch: &mut TreeCursor<'t>,
    caps: &mut Vec<Capture<'t>>,
    next: &mut dyn FnMut(&mut TreeCursor<'t>, &mut Vec<Capture<'t>>) -> bool,
) -> bool {
    let Some((step, rest)) = steps.list.split_first() else {
        let after = previous.map_or(0, |p| p + 1);
        if steps.end && children.iter().skip(after).any(|(n, _)| n.is_named() && !n.is_extra()) {
            return false;
        }
        return next(scratch, caps);
    };
    // An anchored step may only take the first named child after the previous match.
    let anchor = if step.anchored {
        let from = previous.map_or(0, |p| p + 1);
        children.iter().enumerate().skip(from).find(|(_, (n, _))| n.is_named() && !n.is_extra()).map(|(i, _)| i)
    } else {
        None
    };
    let rest = Steps { list: rest, end: steps.end };
    let mut produced = false;
    for (index, (child, field)) in children.iter().enumerate().skip(start) {
        if step.anchored && Some(index) != anchor {
            continue;
        }
        if step.field.is_some_and(|wanted| *field != wanted) {
            continue;
        }
        produced |= match_node(&step.node, *child, None, scratch, caps, &mut |scratch: &mut TreeCursor<'t>, caps: &mut Vec<Capture<'t>>| {
            match_children(rest, children, index + 1, Some(index), scratch, caps, next)
        });
    }
    if step.optional && !produced {
        produced = match_children(rest, children, start, previous, scratch, caps, next);
    }
    produced
}
