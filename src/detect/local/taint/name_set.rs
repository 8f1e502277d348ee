//! The sink patterns a callee or assignment target matches (`os.system`, `el.innerHTML`).
//!
//! Nearly every sink pattern ends in `$` after a word or a group of words (`\.execute$`,
//! `^subprocess\.(run|call)$`), so a name can match it only if it ends with one of them,
//! and many start with `^` and words it must start with. The patterns are bucketed by the
//! last two bytes of their endings: most names end unlike any sink and are dismissed by
//! one look-up; a pattern is compiled the first time a name ends and starts as it can.
//! Patterns whose text spells no ending (`\w*$`) are tested by their heads where they
//! have them; the few with neither share one set.
//! Compiling every family's patterns into one set was a fixed cost of each analysis.
//! Patterns are read without Unicode (`\w` is ASCII), as the set read them.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use regex_automata::meta::{self, Regex};
use regex_automata::nfa::thompson::{self, WhichCaptures, pikevm::PikeVM};
use regex_automata::util::syntax;
use regex_automata::{Input, MatchKind, PatternSet};

pub struct NameSet {
    patterns: Vec<String>,
    /// The top-level alternatives of the patterns with endings: (pattern, the words a name
    /// must start with, if the alternative says).
    branches: Vec<(u32, Option<Vec<Box<str>>>)>,
    /// By their last two bytes, (branch, ending) of the endings; endings of one byte by it.
    by_tail: FxHashMap<[u8; 2], Vec<(u32, Box<str>)>>,
    by_byte: Vec<Vec<(u32, Box<str>)>>,
    /// Patterns without endings whose every alternative starts with words: (pattern, words).
    headed: Vec<(u32, Vec<Box<str>>)>,
    /// Each pattern with endings, compiled when a name first ends with one of them: to an
    /// NFA alone, whose compilation is a fraction of a full regex's, since such a test is
    /// rare and its name short.
    compiled: Vec<OnceLock<Option<PikeVM>>>,
    /// The patterns without known endings, and their set, compiled when first asked.
    rest: Vec<u32>,
    rest_set: OnceLock<Option<Regex>>,
}

impl NameSet {
    /// Each pattern's syntax was checked when its rule loaded; one that a size limit
    /// refuses says so when first compiled and then matches nothing.
    pub fn new(patterns: &[String]) -> NameSet {
        let mut by_tail: FxHashMap<[u8; 2], Vec<(u32, Box<str>)>> = FxHashMap::default();
        let mut by_byte: Vec<Vec<(u32, Box<str>)>> = vec![Vec::new(); 256];
        let mut branches = Vec::new();
        let mut headed = Vec::new();
        let mut rest = Vec::new();
        for (index, pattern) in patterns.iter().enumerate() {
            let Some(shapes) = shapes(pattern) else {
                match all_heads(pattern) {
                    Some(heads) => headed.push((index as u32, heads)),
                    None => rest.push(index as u32),
                }
                continue;
            };
            for shape in shapes {
                let branch = branches.len() as u32;
                let heads = shape.heads.map(|h| h.into_iter().map(Into::into).collect());
                branches.push((index as u32, heads));
                for ending in shape.endings {
                    match ending.as_bytes() {
                        [.., a, b] => by_tail.entry([*a, *b]).or_default(),
                        [b] => &mut by_byte[usize::from(*b)],
                        [] => continue,
                    }
                    .push((branch, ending.into()));
                }
            }
        }
        NameSet {
            patterns: patterns.to_vec(),
            branches,
            by_tail,
            by_byte,
            headed,
            compiled: patterns.iter().map(|_| OnceLock::new()).collect(),
            rest,
            rest_set: OnceLock::new(),
        }
    }

    /// The indices of the patterns that match `name`, in order.
    pub fn matching(&self, name: &str) -> Vec<usize> {
        let mut found: Vec<usize> = Vec::new();
        let bytes = name.as_bytes();
        let by_tail = match bytes {
            [.., a, b] => self.by_tail.get(&[*a, *b]).map_or(&[][..], Vec::as_slice),
            _ => &[],
        };
        let by_byte = bytes
            .last()
            .map_or(&[][..], |&b| self.by_byte[usize::from(b)].as_slice());
        {
            for (branch, ending) in by_tail.iter().chain(by_byte) {
                let (index, heads) = &self.branches[*branch as usize];
                let index = *index as usize;
                if name.ends_with(&**ending)
                    && heads
                        .as_ref()
                        .is_none_or(|h| h.iter().any(|head| name.starts_with(&**head)))
                    && !found.contains(&index)
                    && self
                        .regex(index)
                        .is_some_and(|vm| vm.is_match(&mut vm.create_cache(), name.as_bytes()))
                {
                    found.push(index);
                }
            }
        }
        for (index, heads) in &self.headed {
            let index = *index as usize;
            if heads.iter().any(|head| name.starts_with(&**head))
                && self
                    .regex(index)
                    .is_some_and(|vm| vm.is_match(&mut vm.create_cache(), name.as_bytes()))
            {
                found.push(index);
            }
        }
        if !self.rest.is_empty()
            && let Some(set) = self.rest_set.get_or_init(|| {
                let rest: Vec<&str> = self
                    .rest
                    .iter()
                    .map(|&i| self.patterns[i as usize].as_str())
                    .collect();
                set_of(&rest)
            })
            && set.is_match(name.as_bytes())
        {
            let mut matched = PatternSet::new(set.pattern_len());
            set.which_overlapping_matches(&Input::new(name.as_bytes()), &mut matched);
            found.extend(matched.iter().map(|p| self.rest[p.as_usize()] as usize));
        }
        found.sort_unstable();
        found
    }

    fn regex(&self, index: usize) -> Option<&PikeVM> {
        self.compiled[index]
            .get_or_init(|| {
                PikeVM::builder()
                    .syntax(syntax::Config::new().unicode(false).utf8(false))
                    .thompson(thompson::Config::new().which_captures(WhichCaptures::Implicit))
                    .build(&self.patterns[index])
                    .map_err(|e| tracing::warn!("taint sinks: {e}"))
                    .ok()
            })
            .as_ref()
    }
}

/// One regex of `patterns` that says which of them match (the set's configuration).
fn set_of(patterns: &[&str]) -> Option<Regex> {
    meta::Builder::new()
        .configure(
            meta::Config::new()
                .auto_prefilter(false)
                .match_kind(MatchKind::All),
        )
        .syntax(syntax::Config::new().unicode(false).utf8(false))
        .build_many(patterns)
        .map_err(|e| tracing::warn!("taint sinks: {e}"))
        .ok()
}

/// A pattern's atoms at one level: what `endings` needs to tell.
#[derive(Debug, PartialEq)]
enum Atom<'p> {
    Literal(u8),
    /// A group's inside (after `?:`).
    Group(&'p str),
    /// `?`, `*`, `+` or `{…}` on the atom before.
    Repeat(u8),
    End,
    Start,
    /// Anything else: classes, `.`, escapes such as `\w` or `\b`.
    Other,
}

/// Splits `pattern` at its top-level `|`; `None` when it is not plain ASCII regex text this
/// reader follows (flags, unclosed groups or classes).
fn branches(pattern: &str) -> Option<Vec<Vec<Atom<'_>>>> {
    if !pattern.is_ascii() {
        return None;
    }
    let bytes = pattern.as_bytes();
    let mut out = vec![Vec::new()];
    let mut at = 0;
    while at < bytes.len() {
        let atom = match bytes[at] {
            b'\\' => {
                let next = *bytes.get(at + 1)?;
                at += 2;
                if next.is_ascii_alphanumeric() {
                    Atom::Other
                } else {
                    Atom::Literal(next)
                }
            }
            b'(' => {
                let close = closing_paren(bytes, at)?;
                let inside = &pattern[at + 1..close];
                at = close + 1;
                match inside.strip_prefix("?:") {
                    Some(inner) => Atom::Group(inner),
                    // Flags and look-arounds change what the text means.
                    None if inside.starts_with('?') => return None,
                    None => Atom::Group(inside),
                }
            }
            b'[' => {
                at = closing_bracket(bytes, at)? + 1;
                Atom::Other
            }
            b'{' => {
                at += bytes[at..].iter().position(|&b| b == b'}')? + 1;
                Atom::Repeat(b'{')
            }
            b'|' => {
                at += 1;
                out.push(Vec::new());
                continue;
            }
            byte => {
                at += 1;
                match byte {
                    b'?' | b'*' | b'+' => Atom::Repeat(byte),
                    b'$' => Atom::End,
                    b'^' => Atom::Start,
                    b'.' | b')' | b']' | b'}' => Atom::Other,
                    _ => Atom::Literal(byte),
                }
            }
        };
        out.last_mut()?.push(atom);
    }
    Some(out)
}

/// The index of the `)` that closes the `(` at `open`.
fn closing_paren(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0;
    let mut at = open;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 1,
            b'[' => at = closing_bracket(bytes, at)?,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// The index of the `]` that closes the class at `open` (a `]` first in it is a member).
fn closing_bracket(bytes: &[u8], open: usize) -> Option<usize> {
    let mut at = open + 1;
    if bytes.get(at) == Some(&b'^') {
        at += 1;
    }
    if bytes.get(at) == Some(&b']') {
        at += 1;
    }
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 1,
            b']' => return Some(at),
            _ => {}
        }
        at += 1;
    }
    None
}

/// What every match of one top-level alternative of a pattern starts and ends with.
#[derive(Debug, PartialEq)]
pub(super) struct Shape {
    /// Words one of which the text starts with (`^` then words), if the alternative says.
    heads: Option<Vec<String>>,
    /// Texts one of which the text ends with.
    endings: Vec<String>,
}

/// The shape of each top-level alternative of `pattern`, when each ends in `$` after words
/// the text spells out; `None` otherwise.
pub(super) fn shapes(pattern: &str) -> Option<Vec<Shape>> {
    branches(pattern)?
        .into_iter()
        .map(|branch| {
            let (Atom::End, before) = branch.split_last()? else {
                return None;
            };
            Some(Shape {
                heads: heads(before),
                endings: tail_endings(before)?.0,
            })
        })
        .collect()
}

/// Texts one of which every match of `pattern` ends with (see `shapes`).
#[cfg(test)]
fn endings(pattern: &str) -> Option<Vec<String>> {
    Some(
        shapes(pattern)?
            .into_iter()
            .flat_map(|s| s.endings)
            .collect(),
    )
}

/// The words a match of `atoms` starts with: `^` then a group of words (`^(os|subprocess)`)
/// or a run of literals, none of them repeated.
fn heads(atoms: &[Atom<'_>]) -> Option<Vec<String>> {
    let [Atom::Start, rest @ ..] = atoms else {
        return None;
    };
    let repeated = |at: usize| matches!(rest.get(at + 1), Some(Atom::Repeat(_)));
    let heads = match rest {
        [Atom::Group(inside), ..] if !repeated(0) => branches(inside)?
            .iter()
            .map(|alternative| words(alternative))
            .collect::<Option<Vec<String>>>()?,
        _ => {
            let run: String = (0..rest.len())
                .take_while(|&at| matches!(rest[at], Atom::Literal(_)) && !repeated(at))
                .filter_map(|at| match rest[at] {
                    Atom::Literal(b) => Some(char::from(b)),
                    _ => None,
                })
                .collect();
            vec![run]
        }
    };
    heads.iter().all(|h| !h.is_empty()).then_some(heads)
}

/// The words every match of `pattern` starts with, when each of its alternatives starts
/// with `^` and words.
fn all_heads(pattern: &str) -> Option<Vec<Box<str>>> {
    let mut out = Vec::new();
    for branch in branches(pattern)? {
        out.extend(heads(&branch)?.into_iter().map(Into::into));
    }
    Some(out)
}

/// The text of atoms that are all literals.
fn words(atoms: &[Atom<'_>]) -> Option<String> {
    atoms
        .iter()
        .map(|a| match a {
            Atom::Literal(b) => Some(char::from(*b)),
            _ => None,
        })
        .collect()
}

/// What the atoms end with: the literal run at their end (`\.execute`), each alternative of
/// a group there (`(run|call)`), or both forms of an optional last letter (`loads?`); and
/// whether each ending is all that the atoms match (words alone), so that the words before
/// them may lengthen them.
fn tail_endings(atoms: &[Atom<'_>]) -> Option<(Vec<String>, bool)> {
    // The literals that end at `end`: a literal a repeat follows is not among them, since
    // the repeat stands between it and `end`.
    let run_before = |end: usize| -> (String, bool) {
        let start = atoms[..end]
            .iter()
            .rposition(|a| !matches!(a, Atom::Literal(_)))
            .map_or(0, |p| p + 1);
        let run = atoms[start..end]
            .iter()
            .filter_map(|a| match a {
                Atom::Literal(b) => Some(char::from(*b)),
                _ => None,
            })
            .collect();
        (run, start == 0)
    };
    let (endings, whole) = match atoms {
        [.., Atom::Group(inside)] => {
            let (before, all_words) = run_before(atoms.len() - 1);
            let mut all = Vec::new();
            let mut exact = true;
            for branch in branches(inside)? {
                let (ends, whole) = tail_endings(&branch)?;
                exact &= whole;
                all.extend(ends);
            }
            if exact {
                for ending in &mut all {
                    ending.insert_str(0, &before);
                }
            }
            (all, exact && all_words)
        }
        [.., Atom::Literal(last), Atom::Repeat(b'?')] => {
            let (before, all_words) = run_before(atoms.len() - 2);
            let with = format!("{before}{}", char::from(*last));
            (vec![with, before], all_words)
        }
        [.., Atom::Literal(_)] => {
            let (run, all_words) = run_before(atoms.len());
            (vec![run], all_words)
        }
        _ => return None,
    };
    endings
        .iter()
        .all(|e| !e.is_empty())
        .then_some((endings, whole))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_are_read_where_the_text_spells_them() {
        let cases: [(&str, Option<&[&str]>); 9] = [
            (r"^os\.(system|popen)$", Some(&["os.system", "os.popen"])),
            (r"(^|\.)execute$", Some(&["execute"])),
            (r"\.search$|^find$", Some(&[".search", "find"])),
            (r"^(_?pickle|dill)\.loads?$", Some(&[".loads", ".load"])),
            (r"(\.xpath|^(etree\.)?XPath)$", Some(&[".xpath", "XPath"])),
            (r"^os\.spawn\w*$", None),
            (r"^(?i)exec$", None),
            (r"^eval$|^exec", None),
            (r"^run[a-z]$", None),
        ];
        for (pattern, expected) in cases {
            let expected = expected.map(|e| e.iter().map(|s| s.to_string()).collect::<Vec<_>>());
            assert_eq!(endings(pattern), expected, "{pattern}");
        }
        let heads = |pattern: &str| -> Vec<Option<Vec<String>>> {
            shapes(pattern)
                .expect("shaped")
                .into_iter()
                .map(|s| s.heads)
                .collect()
        };
        let words = |w: &[&str]| Some(w.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(heads(r"^os\.(system|popen)$"), [words(&["os."])]);
        assert_eq!(
            heads(r"^(requests|httpx)\.get$|\.fetch$"),
            [words(&["requests", "httpx"]), None]
        );
        assert_eq!(heads(r"^ab?c$"), [words(&["a"])]);
        assert_eq!(heads(r"^(_?pickle|dill)\.load$"), [None]);
        assert_eq!(heads(r"^(a|b)?c$"), [None]);
    }

    /// Over the built-in sinks of every family: each name's patterns are what one set of
    /// them all (the set this replaced) says, and a pattern with endings matches only
    /// names that end with one of them.
    #[test]
    fn matches_as_one_set_of_every_pattern_does() {
        let catalog = crate::detect::analyze::Catalog::builtin().expect("built-in rules");
        let mut families: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for rule in &catalog.rules {
            for sink in &rule.sink {
                if let Some(pattern) = sink.callee.as_ref().or(sink.assign.as_ref()) {
                    families
                        .entry(sink.family.clone())
                        .or_default()
                        .push(pattern.clone());
                }
            }
        }
        assert!(families.len() == 3, "{:?}", families.keys());
        let mut matched = 0;
        for patterns in families.values() {
            let ours = NameSet::new(patterns);
            let refs: Vec<&str> = patterns.iter().map(String::as_str).collect();
            let set = set_of(&refs).expect("builds");
            // Names made of the patterns' own words and the separators between them.
            let mut words: Vec<String> = patterns
                .iter()
                .flat_map(|p| p.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')))
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect();
            words.sort();
            words.dedup();
            let separators = [".", "::", "", "_", "(\"sh\")", "().", "x", "é"];
            let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
            let mut next = |n: usize| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed % n as u64) as usize
            };
            for _ in 0..30_000 {
                let mut name = String::new();
                for part in 0..1 + next(3) {
                    if part > 0 {
                        name.push_str(separators[next(separators.len())]);
                    }
                    name.push_str(&words[next(words.len())]);
                }
                let mut expected = PatternSet::new(set.pattern_len());
                set.which_overlapping_matches(&Input::new(name.as_bytes()), &mut expected);
                let expected: Vec<usize> = expected.iter().map(|p| p.as_usize()).collect();
                assert_eq!(ours.matching(&name), expected, "{name}");
                for &index in &expected {
                    if let Some(shapes) = shapes(&patterns[index]) {
                        assert!(
                            shapes.iter().any(|s| {
                                s.endings.iter().any(|e| name.ends_with(e.as_str()))
                                    && s.heads.as_ref().is_none_or(|h| {
                                        h.iter().any(|head| name.starts_with(head.as_str()))
                                    })
                            }),
                            "{name} matched {} outside its shapes {shapes:?}",
                            patterns[index]
                        );
                    }
                }
                matched += usize::from(!expected.is_empty());
            }
        }
        assert!(matched > 1_000, "only {matched} names matched a sink");
    }
}
