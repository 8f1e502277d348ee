//! Patterns compiled against a grammar: kinds and fields as ids, captures as indices,
//! predicates with their regexes, and how a predicate is tested.

use tree_sitter::{Language, Node};

use crate::parse::flat::Entry;
use crate::parse::query::matcher::Capture;
use crate::parse::query::plan::Probe;
use crate::parse::query::regexes::LazyRegex;
use crate::parse::query::syntax::{self, Argument, Kind, PatternNode};

pub(super) enum KindTest {
    Ids(Vec<u16>),
    AnyNamed,
    Any,
}

pub(super) struct CNode {
    pub(super) kind: KindTest,
    pub(super) children: Vec<CChild>,
    pub(super) negated_fields: Vec<u16>,
    pub(super) captures: Vec<u32>,
    /// Predicates (indices into the pattern's) that read only a capture taken here: tested
    /// when it is taken.
    pub(super) checks: Vec<usize>,
    pub(super) alternatives: Vec<CNode>,
    /// The last step must take the last named child.
    pub(super) anchored_end: bool,
}

pub(super) struct CChild {
    pub(super) field: Option<u16>,
    pub(super) node: CNode,
    pub(super) optional: bool,
    pub(super) anchored: bool,
}

pub(super) enum CPredicate {
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

pub(super) enum Operand {
    Capture(u32),
    Text(String),
}

pub(super) struct CPattern {
    pub(super) root: CNode,
    pub(super) predicates: Vec<CPredicate>,
    /// Predicates relating two captures, tested once the whole pattern matched.
    pub(super) late: Vec<usize>,
    /// A required descendant whose text must be one of a few words, if the pattern has one.
    pub(super) probe: Option<Probe>,
    /// Index into `Matcher::needs` of a text every match contains (patterns without a
    /// probe only: see `needed`).
    pub(super) need: Option<usize>,
}

/// The capture a predicate reads when it reads only one (against literal text).
pub(super) fn unary_capture(predicate: &CPredicate) -> Option<u32> {
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
pub(super) fn attach_check(node: &mut CNode, capture: u32, index: usize) {
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

pub(super) fn compile_node(
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

pub(super) fn capture_id(names: &mut Vec<String>, name: &str) -> u32 {
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
pub(super) struct Kinds<'l> {
    pub(super) language: &'l Language,
    pub(super) ids: rustc_hash::FxHashMap<(&'l str, bool), Vec<u16>>,
}

impl<'l> Kinds<'l> {
    pub(super) fn new(language: &'l Language) -> Kinds<'l> {
        let mut ids: rustc_hash::FxHashMap<(&str, bool), Vec<u16>> =
            rustc_hash::FxHashMap::default();
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

pub(super) fn field_id(language: &Language, name: &str) -> Result<u16, String> {
    language
        .field_id_for_name(name)
        .map(|f| f.get())
        .ok_or_else(|| format!("no field `{name}` in this grammar"))
}

pub(super) fn compile_predicate(
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
pub(super) fn root_ids(node: &CNode, out: &mut Vec<u16>) -> bool {
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

pub(super) fn source_text<'s>(entry: &Entry<'_>, source: &'s [u8]) -> &'s [u8] {
    source.get(entry.range()).unwrap_or(&[])
}

pub(super) fn text<'s>(node: Node<'_>, source: &'s [u8]) -> &'s [u8] {
    source.get(node.byte_range()).unwrap_or(&[])
}

/// A predicate holds when every node captured under its name satisfies it.
pub(super) fn holds(predicate: &CPredicate, caps: &[Capture<'_>], source: &[u8]) -> bool {
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
pub(super) fn holds_on(predicate: &CPredicate, text: &[u8]) -> bool {
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
