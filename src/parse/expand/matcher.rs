//! A `macro_rules!` arm's pattern, and matching a call's tokens against it: which source
//! span each metavariable binds. Enough of the language for macros that generate items
//! (fragments, literal tokens, nested groups, `$(…) sep op` repetitions), not all of it: a
//! pattern this cannot match is not expanded.

use rustc_hash::FxHashMap;
use tree_sitter::Node;

/// Most tokens one fragment, or one repetition, takes.
const MAX_TAKE: usize = 4096;

/// A token of a call's arguments: a leaf with its text, or a delimited group.
#[derive(Debug)]
pub(super) enum Tok<'s> {
    Leaf {
        text: &'s str,
        start: usize,
        end: usize,
    },
    Group {
        open: &'s str,
        items: Vec<Tok<'s>>,
        start: usize,
        end: usize,
    },
}

impl<'s> Tok<'s> {
    fn span(&self) -> (usize, usize) {
        match self {
            Tok::Leaf { start, end, .. } | Tok::Group { start, end, .. } => (*start, *end),
        }
    }

    fn leaf(&self) -> Option<&'s str> {
        match self {
            Tok::Leaf { text, .. } => Some(text),
            Tok::Group { .. } => None,
        }
    }
}

/// The tokens inside a `token_tree` node (its delimiters left out).
pub(super) fn tokens<'s>(node: Node<'_>, source: &'s str) -> Vec<Tok<'s>> {
    let mut out = Vec::new();
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
    let inner = children
        .get(1..children.len().saturating_sub(1))
        .unwrap_or(&[]);
    let mut at = 0;
    while let Some(&child) = inner.get(at) {
        // The grammar splits a lifetime into `'` and its name: one token to a macro.
        if child.kind() == "'"
            && let Some(&name) = inner.get(at + 1)
            && name.start_byte() == child.end_byte()
        {
            let (start, end) = (child.start_byte(), name.end_byte());
            out.push(Tok::Leaf {
                text: source.get(start..end).unwrap_or(""),
                start,
                end,
            });
            at += 2;
            continue;
        }
        out.push(token(child, source));
        at += 1;
    }
    out
}

fn token<'s>(node: Node<'_>, source: &'s str) -> Tok<'s> {
    let (start, end) = (node.start_byte(), node.end_byte());
    if node.kind() == "token_tree" {
        let open = node
            .child(0)
            .and_then(|c| source.get(c.byte_range()))
            .unwrap_or("(");
        return Tok::Group {
            open,
            items: tokens(node, source),
            start,
            end,
        };
    }
    Tok::Leaf {
        text: source.get(start..end).unwrap_or(""),
        start,
        end,
    }
}

/// One element of an arm's pattern.
#[derive(Debug)]
pub(super) enum Pat {
    /// A token to be matched as written.
    Lit(String),
    /// `$name:kind`.
    Frag {
        name: String,
        kind: String,
    },
    Group {
        open: String,
        items: Vec<Pat>,
    },
    Rep {
        items: Vec<Pat>,
        separator: Option<String>,
        /// `*`, `+` or `?`.
        op: char,
    },
}

/// The pattern of a `token_tree_pattern` node (its delimiters left out); `None` when it
/// holds what this matcher does not know.
pub(super) fn pattern(node: Node<'_>, source: &str) -> Option<Vec<Pat>> {
    let mut cursor = node.walk();
    let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
    let inner = children.get(1..children.len().saturating_sub(1))?;
    inner.iter().map(|&c| pattern_element(c, source)).collect()
}

fn pattern_element(node: Node<'_>, source: &str) -> Option<Pat> {
    let text = |n: Node<'_>| source.get(n.byte_range()).unwrap_or("").to_string();
    match node.kind() {
        "token_binding_pattern" => {
            let name = node.child_by_field_name("name")?;
            let kind = node.child_by_field_name("type")?;
            Some(Pat::Frag {
                name: text(name).trim_start_matches('$').to_string(),
                kind: text(kind),
            })
        }
        "token_tree_pattern" => Some(Pat::Group {
            open: node.child(0).map(text)?,
            items: pattern(node, source)?,
        }),
        "token_repetition_pattern" => {
            let mut cursor = node.walk();
            let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
            // `$` `(` items… `)` separator? op
            let close = children.iter().rposition(|c| c.kind() == ")")?;
            let items = children
                .get(2..close)?
                .iter()
                .map(|&c| pattern_element(c, source))
                .collect::<Option<Vec<Pat>>>()?;
            // The grammar keeps no node for the separator: it is the text between `)` and
            // the operator.
            let tail = source.get(children[close].end_byte()..node.end_byte())?;
            let op = tail
                .chars()
                .last()
                .filter(|c| matches!(c, '*' | '+' | '?'))?;
            let separator = tail[..tail.len() - 1].trim();
            Some(Pat::Rep {
                items,
                separator: (!separator.is_empty()).then(|| separator.to_string()),
                op,
            })
        }
        // A `$x` with no kind only appears in a transcriber.
        "metavariable" => None,
        _ => Some(Pat::Lit(text(node))),
    }
}

/// What a metavariable bound: a span of the call's source, or one binding per repetition.
#[derive(Debug, Clone)]
pub(super) enum Bound {
    One(usize, usize),
    Many(Vec<Bound>),
}

pub(super) type Binds = FxHashMap<String, Bound>;

/// The bindings of `pats` matched against all of `toks`, if they match.
pub(super) fn matches(pats: &[Pat], toks: &[Tok<'_>]) -> Option<Binds> {
    let mut binds = Binds::default();
    let end = match_seq(pats, toks, 0, None, &mut binds)?;
    (end == toks.len()).then_some(binds)
}

/// Matches `pats` from `toks[at]`; the index after the last token taken. `stop` is the
/// literal that follows the sequence, where a fragment running to its end stops.
fn match_seq(
    pats: &[Pat],
    toks: &[Tok<'_>],
    mut at: usize,
    stop: Option<&str>,
    binds: &mut Binds,
) -> Option<usize> {
    for (i, pat) in pats.iter().enumerate() {
        let next = next_literal(&pats[i + 1..]).or(stop);
        match pat {
            Pat::Lit(text) => {
                let (joined, taken) = joined_leaves(toks, at, text)?;
                if joined != *text {
                    return None;
                }
                at += taken;
            }
            Pat::Frag { name, kind } => {
                let taken = fragment(kind, toks, at, next)?;
                let span = match (toks.get(at), taken) {
                    (Some(first), 1..) => (first.span().0, toks[at + taken - 1].span().1),
                    _ => (0, 0),
                };
                binds.insert(name.clone(), Bound::One(span.0, span.1));
                at += taken;
            }
            Pat::Group { open, items } => match toks.get(at)? {
                Tok::Group {
                    open: o,
                    items: inner,
                    ..
                } if o == open => {
                    let end = match_seq(items, inner, 0, None, binds)?;
                    if end != inner.len() {
                        return None;
                    }
                    at += 1;
                }
                _ => return None,
            },
            Pat::Rep {
                items,
                separator,
                op,
            } => {
                at = repetition(items, separator.as_deref(), *op, toks, at, next, binds)?;
            }
        }
    }
    Some(at)
}

/// Leaves from `at` joined until they spell `want` (`=>` is two tokens in a call's tree).
fn joined_leaves<'s>(toks: &[Tok<'s>], at: usize, want: &str) -> Option<(String, usize)> {
    let mut joined = String::new();
    let mut taken = 0;
    while joined.len() < want.len() {
        joined.push_str(toks.get(at + taken)?.leaf()?);
        taken += 1;
        if !want.starts_with(&joined) {
            return None;
        }
    }
    Some((joined, taken))
}

fn next_literal(pats: &[Pat]) -> Option<&str> {
    match pats.first()? {
        Pat::Lit(text) => Some(text),
        Pat::Group { open, .. } => Some(open),
        _ => None,
    }
}

fn repetition(
    items: &[Pat],
    separator: Option<&str>,
    op: char,
    toks: &[Tok<'_>],
    mut at: usize,
    next: Option<&str>,
    binds: &mut Binds,
) -> Option<usize> {
    let names = bound_names(items);
    let mut rounds: Vec<Binds> = Vec::new();
    let inner_stop = separator.or(next);
    loop {
        let mut from = at;
        if !rounds.is_empty()
            && let Some(sep) = separator
        {
            match joined_leaves(toks, at, sep) {
                Some((joined, taken)) if joined == sep => from = at + taken,
                _ => break,
            }
        }
        let mut round = Binds::default();
        match match_seq(items, toks, from, inner_stop, &mut round) {
            Some(end) if end > from => {
                rounds.push(round);
                at = end;
            }
            _ => break,
        }
        if op == '?' || rounds.len() >= MAX_TAKE {
            break;
        }
    }
    if op == '+' && rounds.is_empty() {
        return None;
    }
    for name in names {
        let each = rounds
            .iter_mut()
            .filter_map(|round| round.remove(&name))
            .collect();
        binds.insert(name, Bound::Many(each));
    }
    Some(at)
}

fn bound_names(pats: &[Pat]) -> Vec<String> {
    let mut out = Vec::new();
    for pat in pats {
        match pat {
            Pat::Frag { name, .. } => out.push(name.clone()),
            Pat::Group { items, .. } | Pat::Rep { items, .. } => out.extend(bound_names(items)),
            Pat::Lit(_) => {}
        }
    }
    out
}

/// How many tokens from `at` a fragment of `kind` takes; `None` when it cannot match there.
fn fragment(kind: &str, toks: &[Tok<'_>], at: usize, next: Option<&str>) -> Option<usize> {
    let tok = toks.get(at);
    match kind {
        "ident" => {
            let text = tok?.leaf()?;
            let first = text.chars().next()?;
            (first.is_alphabetic() || first == '_').then_some(1)
        }
        "lifetime" => tok?.leaf()?.starts_with('\'').then_some(1),
        "tt" => tok.map(|_| 1),
        "literal" => {
            let text = tok?.leaf()?;
            if text == "-" {
                return toks.get(at + 1)?.leaf().map(|_| 2);
            }
            let first = text.chars().next()?;
            (first.is_ascii_digit()
                || matches!(first, '"' | '\'' | 'b' | 'r')
                || text == "true"
                || text == "false")
                .then_some(1)
        }
        "vis" => match tok.and_then(Tok::leaf) {
            Some("pub") => Some(match toks.get(at + 1) {
                Some(Tok::Group { open: "(", .. }) => 2,
                _ => 1,
            }),
            _ => Some(0),
        },
        "block" => match tok? {
            Tok::Group { open: "{", .. } => Some(1),
            _ => None,
        },
        "item" => item(toks, at),
        // ty, path, expr, pat, pat_param, stmt, meta: up to the literal that follows, outside
        // angle brackets.
        _ => {
            let mut depth = 0i32;
            let mut taken = 0;
            while let Some(tok) = toks.get(at + taken) {
                if taken >= MAX_TAKE {
                    return None;
                }
                if let Some(text) = tok.leaf() {
                    if depth == 0 && Some(text) == next {
                        break;
                    }
                    depth += match text {
                        "<" => 1,
                        ">" if depth > 0 => -1,
                        ">>" if depth > 1 => -2,
                        _ => 0,
                    };
                    if depth == 0 && matches!(text, ";" | ",") && next.is_none() {
                        break;
                    }
                } else if depth == 0 && next.is_some_and(|n| group_opens(tok, n)) {
                    break;
                }
                taken += 1;
            }
            (taken > 0).then_some(taken)
        }
    }
}

fn group_opens(tok: &Tok<'_>, open: &str) -> bool {
    matches!(tok, Tok::Group { open: o, .. } if *o == open)
}

/// An item: up to and with a `;`, or a `{…}` group (and a `;` right after it).
fn item(toks: &[Tok<'_>], at: usize) -> Option<usize> {
    let mut taken = 0;
    while let Some(tok) = toks.get(at + taken) {
        taken += 1;
        match tok {
            Tok::Leaf { text: ";", .. } => return Some(taken),
            Tok::Group { open: "{", .. } => {
                let semi = matches!(toks.get(at + taken), Some(Tok::Leaf { text: ";", .. }));
                return Some(taken + usize::from(semi));
            }
            _ if taken >= MAX_TAKE => return None,
            _ => {}
        }
    }
    None
}
