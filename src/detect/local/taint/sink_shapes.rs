//! What a sink pattern's text says every name it matches ends and starts with: the words
//! before its `$` (`\.execute$`, `(run|call)$`) and after its `^` (`^subprocess\.`), read
//! from the pattern's text alone. Where the text is anything this reader does not follow
//! (flags, classes at the ends, repeats), it says nothing, and the caller tests the name
//! by the regex alone.

/// A pattern's atoms at one level: what `shapes` needs to tell.
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
    pub(super) heads: Option<Vec<String>>,
    /// Texts one of which the text ends with.
    pub(super) endings: Vec<String>,
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
            let run = (0..rest.len())
                .take_while(|&at| matches!(rest[at], Atom::Literal(_)) && !repeated(at))
                .count();
            vec![words(&rest[..run])?]
        }
    };
    heads.iter().all(|h| !h.is_empty()).then_some(heads)
}

/// The words every match of `pattern` starts with, when each of its alternatives starts
/// with `^` and words.
pub(super) fn all_heads(pattern: &str) -> Option<Vec<Box<str>>> {
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
        (words(&atoms[start..end]).unwrap_or_default(), start == 0)
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
}
