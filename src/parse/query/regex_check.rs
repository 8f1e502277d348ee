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
