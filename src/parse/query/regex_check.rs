//! The syntax check every rule regex goes through, shared with the build script: the
//! embedded rules' and queries' regexes are checked when the binary is built
//! (`regexes::CHECKED_AHEAD`), so that a run compiling a language's rules does not parse
//! them again. Only `regex_syntax` and `std` here: `build.rs` includes this file.

/// A pattern's required literal (see `required_literal`), or why `Regex::new` refuses it.
pub type Checked = Result<Option<Vec<u8>>, String>;

/// The syntax check `Regex::new` runs. An ASCII pattern that never switches Unicode off
/// (`(?-u)`) is read without Unicode first: its classes and case folding then cost no
/// Unicode tables, and such a pattern the ASCII reading accepts, the Unicode one accepts
/// too (only `\p{…}` and friends need Unicode, and only `(?-u)` can make a pattern match
/// invalid UTF-8). Other patterns, and any the ASCII reading refuses, take the full reading.
pub fn check(pattern: &str) -> Checked {
    if pattern.is_ascii() && !switches_unicode(pattern) {
        let ascii = regex_syntax::ParserBuilder::new()
            .unicode(false)
            .utf8(false)
            .build()
            .parse(pattern);
        // An escape such as `\xE9` is a byte here and a character there: such a literal
        // is read again with Unicode.
        if let Ok(hir) = ascii
            && let required = required_literal(&hir)
            && required.as_ref().is_none_or(|r| r.is_ascii())
        {
            return Ok(required);
        }
    }
    let hir = regex_syntax::Parser::new()
        .parse(pattern)
        .map_err(|e| e.to_string())?;
    Ok(required_literal(&hir))
}

/// Whether a flag group of the pattern names `u` (`(?-u:…)`, `(?iu)`); an escaped `\(?`
/// counts too, which only sends the pattern to the full reading.
fn switches_unicode(pattern: &str) -> bool {
    pattern.match_indices("(?").any(|(at, _)| {
        pattern[at + 2..]
            .bytes()
            .take_while(|b| b.is_ascii_alphabetic() || *b == b'-')
            .any(|b| b == b'u')
    })
}

/// The longest literal that every match of `hir` contains, if there is one: a text
/// without it cannot match. Alternations, classes (case-insensitive letters among them)
/// and optional parts require nothing.
pub fn required_literal(hir: &regex_syntax::hir::Hir) -> Option<Vec<u8>> {
    use regex_syntax::hir::HirKind;
    match hir.kind() {
        HirKind::Literal(literal) => Some(literal.0.to_vec()),
        HirKind::Repetition(repetition) if repetition.min > 0 => required_literal(&repetition.sub),
        HirKind::Capture(capture) => required_literal(&capture.sub),
        HirKind::Concat(parts) => parts
            .iter()
            .filter_map(required_literal)
            .max_by_key(Vec::len),
        _ => None,
    }
}

/// Most literals `exact_literals` spells out before giving up, and the most times it
/// repeats a part (`x{0,3}`).
const MAX_LITERALS: usize = 64;
const MAX_REPEAT: u32 = 4;
/// Most literals that may sit anywhere: each is one search through the text, where an
/// automaton makes one pass for all (`(?i)cookie` spells 64).
const MAX_WITHIN: usize = 4;

/// Where one of a pattern's literals must sit in a text it matches.
pub mod anchor {
    /// Anywhere in the text.
    pub const WITHIN: u8 = 0;
    /// At the start (`^lit`).
    pub const START: u8 = 1;
    /// At the end (`lit$`).
    pub const END: u8 = 2;
    /// The whole text (`^lit$`).
    pub const WHOLE: u8 = START | END;
}

/// The pattern's ASCII reading (the one `check` compiles rule regexes with for ASCII
/// texts) as literals, each with where it must sit, when its every match is one of a few:
/// `^re\.(compile|match)$` is the whole text `re.compile` or `re.match`, `\.open$` a
/// text ending in `.open`. A text matches the pattern exactly when one of them sits
/// where it says (`literals::Literals`). `None` for every other pattern (repetitions without
/// a bound, large classes, word boundaries, multi-line anchors), and for patterns only
/// the Unicode reading compiles.
pub fn exact_literals(pattern: &str) -> Option<Vec<(u8, Vec<u8>)>> {
    if !pattern.is_ascii() || switches_unicode(pattern) {
        return None;
    }
    let hir = regex_syntax::ParserBuilder::new()
        .unicode(false)
        .utf8(false)
        .build()
        .parse(pattern)
        .ok()?;
    let mut pieces = expand(&hir)?;
    pieces.sort();
    pieces.dedup();
    if pieces
        .iter()
        .filter(|(start, _, end)| !start && !end)
        .count()
        > MAX_WITHIN
    {
        return None;
    }
    Some(
        pieces
            .into_iter()
            .map(|(start, bytes, end)| {
                let at = match (start, end) {
                    (true, true) => anchor::WHOLE,
                    (true, false) => anchor::START,
                    (false, true) => anchor::END,
                    (false, false) => anchor::WITHIN,
                };
                (at, bytes)
            })
            .collect(),
    )
}

/// A piece of a match: whether it sits at the text's start, its bytes, whether at its end.
type Piece = (bool, Vec<u8>, bool);

fn expand(hir: &regex_syntax::hir::Hir) -> Option<Vec<Piece>> {
    use regex_syntax::hir::{Class, HirKind, Look};
    let pieces = match hir.kind() {
        HirKind::Empty => vec![(false, Vec::new(), false)],
        HirKind::Literal(literal) => vec![(false, literal.0.to_vec(), false)],
        HirKind::Class(class) => {
            // Only ASCII characters: a class of others is the Unicode reading's.
            let bytes: Option<Vec<u8>> = match class {
                Class::Bytes(class) => class
                    .iter()
                    .flat_map(|r| r.start()..=r.end())
                    .take(MAX_LITERALS + 1)
                    .map(Some)
                    .collect(),
                Class::Unicode(class) => class
                    .iter()
                    .flat_map(|r| r.start()..=r.end())
                    .take(MAX_LITERALS + 1)
                    .map(|c| u8::try_from(c).ok().filter(u8::is_ascii))
                    .collect(),
            };
            bytes?
                .into_iter()
                .map(|b| (false, vec![b], false))
                .collect()
        }
        HirKind::Look(Look::Start) => vec![(true, Vec::new(), false)],
        HirKind::Look(Look::End) => vec![(false, Vec::new(), true)],
        HirKind::Look(_) => return None,
        HirKind::Capture(capture) => expand(&capture.sub)?,
        HirKind::Repetition(repetition) => {
            let max = repetition.max.filter(|&max| max <= MAX_REPEAT)?;
            let sub = expand(&repetition.sub)?;
            let mut all = Vec::new();
            let mut power = vec![(false, Vec::new(), false)];
            for times in 0..=max {
                if times >= repetition.min {
                    all.extend(power.iter().cloned());
                }
                power = concat(&power, &sub)?;
            }
            all
        }
        HirKind::Concat(parts) => {
            let mut so_far = vec![(false, Vec::new(), false)];
            for part in parts {
                so_far = concat(&so_far, &expand(part)?)?;
            }
            so_far
        }
        HirKind::Alternation(alternatives) => {
            let mut all = Vec::new();
            for alternative in alternatives {
                all.extend(expand(alternative)?);
            }
            all
        }
    };
    (pieces.len() <= MAX_LITERALS).then_some(pieces)
}

/// Every piece of `left` followed by every piece of `right`, but for those that cannot
/// follow each other (bytes after the end, the start after bytes).
fn concat(left: &[Piece], right: &[Piece]) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    for (start, bytes, end) in left {
        for (right_start, right_bytes, right_end) in right {
            if (*end && !right_bytes.is_empty()) || (*right_start && !bytes.is_empty()) {
                continue;
            }
            let mut joined = bytes.clone();
            joined.extend_from_slice(right_bytes);
            out.push((*start || *right_start, joined, *end || *right_end));
            if out.len() > MAX_LITERALS {
                return None;
            }
        }
    }
    Some(out)
}
