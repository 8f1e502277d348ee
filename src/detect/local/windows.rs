//! The token windows that `duplicated-blocks` compares across files: each line's shape
//! (identifiers, numbers and strings normalised) hashed eight lines at a time.

use crate::lang::Family;

const WINDOW: usize = 8;
const MIN_TOKENS: usize = 50;
const MIN_SHAPES: usize = 5;

/// A line's shape (the hash of its tokens normalised: identifiers → `I`, numbers → `N`,
/// strings → `S`, keywords and any other character as they are) and its token count.
/// Tokens are words, numbers, quoted strings (when closed on the line) and any other single
/// character. One hand-written loop over the bytes: every line of every file goes through
/// here, and a regex, then a token iterator, each took longer.
pub(super) fn line_shape(line: &str) -> (u64, usize) {
    let bytes = line.as_bytes();
    let mut hasher = rustc_hash::FxHasher::default();
    let mut tokens = 0;
    let mut at = 0;
    while at < bytes.len() {
        let c = bytes[at];
        let start = at;
        let normal = if c.is_ascii_alphabetic() || c == b'_' {
            at += 1;
            while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
                at += 1;
            }
            let word = &line[start..at];
            if is_keyword(word) { word } else { "I" }
        } else if c.is_ascii_digit() {
            at += 1;
            while at < bytes.len()
                && (bytes[at].is_ascii_hexdigit() || matches!(bytes[at], b'x' | b'X' | b'.' | b'_'))
            {
                at += 1;
            }
            "N"
        } else if c == b'"' || c == b'\'' {
            at = closing_quote(bytes, at).unwrap_or(at + 1);
            "S"
        } else if c.is_ascii_whitespace() {
            at += 1;
            continue;
        } else if c < 0x80 {
            at += 1;
            &line[start..at]
        } else {
            let Some(ch) = line[at..].chars().next() else {
                break;
            };
            at += ch.len_utf8();
            if ch.is_whitespace() {
                continue;
            }
            &line[start..at]
        };
        std::hash::Hasher::write(&mut hasher, normal.as_bytes());
        std::hash::Hasher::write_u8(&mut hasher, 0);
        tokens += 1;
    }
    (std::hash::Hasher::finish(&hasher), tokens)
}

/// One past the quote that closes the one at `at` (a backslash escapes the next byte), if
/// the line closes it.
fn closing_quote(bytes: &[u8], at: usize) -> Option<usize> {
    let quote = bytes[at];
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// Keywords keep their text in the normalised form (a `match` compiles to a length switch:
/// every identifier of every line is tested).
fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "if" | "else"
            | "elif"
            | "for"
            | "while"
            | "return"
            | "def"
            | "class"
            | "fn"
            | "function"
            | "let"
            | "const"
            | "var"
            | "in"
            | "match"
            | "try"
            | "except"
            | "catch"
            | "finally"
            | "with"
            | "as"
            | "yield"
            | "await"
            | "async"
            | "new"
            | "not"
            | "and"
            | "or"
            | "self"
            | "this"
            | "raise"
            | "throw"
            | "break"
            | "continue"
            | "pass"
            | "None"
            | "True"
            | "False"
            | "null"
            | "true"
            | "false"
            | "impl"
    )
}

/// Whether `duplicated-blocks` compares a file's windows: test code and migrations are
/// repeated by nature, and their windows are not worked out at all.
pub fn compared(path: &str) -> bool {
    !super::is_test_path(path) && !path.contains("migrations/")
}

/// Hashes of windows of `WINDOW` token-normalised lines (identifiers → `I`,
/// literals → `N`/`S`); only windows with enough tokens to be worth reporting. The
/// `skipped` lines (sorted) take no part.
pub fn token_windows(
    source: &str,
    language: crate::lang::LangId,
    skipped: &[u32],
) -> Vec<(u64, u32, u32)> {
    let comment = if language.family() == Family::Python {
        "#"
    } else {
        "//"
    };
    let mut lines: Vec<(u32, u64, usize)> = Vec::new();
    for (index, line) in crate::parse::lines(source).enumerate() {
        let trimmed = line.trim();
        if trimmed.len() < 3
            || trimmed.starts_with(comment)
            || trimmed.starts_with('*')
            || trimmed.starts_with("/*")
            || trimmed.starts_with("import ")
            || trimmed.starts_with("from ")
            || trimmed.starts_with("use ")
            || trimmed.starts_with('@')
            || trimmed.starts_with("#[")
            || skipped.binary_search(&(index as u32 + 1)).is_ok()
        {
            continue;
        }
        let (shape, tokens) = line_shape(trimmed);
        lines.push((index as u32 + 1, shape, tokens));
    }
    if lines.len() < WINDOW {
        return Vec::new();
    }
    let mut windows = Vec::new();
    // Tokens in the window, slid along rather than summed again for every window.
    let mut tokens: usize = lines[..WINDOW].iter().map(|l| l.2).sum();
    for start in 0..=lines.len() - WINDOW {
        if start > 0 {
            tokens = tokens + lines[start + WINDOW - 1].2 - lines[start - 1].2;
        }
        if tokens < MIN_TOKENS {
            continue;
        }
        let slice = &lines[start..start + WINDOW];
        // Runs of one line shape (delegating getters, table rows) are regular code, not a
        // copied block: a window must hold several different line shapes.
        let mut shapes = [0u64; WINDOW];
        for (shape, line) in shapes.iter_mut().zip(slice) {
            *shape = line.1;
        }
        shapes.sort_unstable();
        if 1 + shapes.windows(2).filter(|pair| pair[0] != pair[1]).count() < MIN_SHAPES {
            continue;
        }
        let mut hasher = rustc_hash::FxHasher::default();
        for line in slice {
            std::hash::Hasher::write_u64(&mut hasher, line.1);
        }
        windows.push((
            std::hash::Hasher::finish(&hasher),
            slice[0].0,
            slice[WINDOW - 1].0,
        ));
    }
    windows
}

#[cfg(test)]
mod tests {
    use super::{is_keyword, line_shape};

    /// The shape as first written: the tokens a regex finds, normalised and hashed in turn.
    fn reference_shape(line: &str) -> (u64, usize) {
        let tokens = regex::Regex::new(r#"[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9a-fA-FxX._]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\S"#).unwrap();
        let mut hasher = rustc_hash::FxHasher::default();
        let mut count = 0;
        for token in tokens.find_iter(line) {
            let text = token.as_str();
            let normal = match text.as_bytes()[0] {
                b'"' | b'\'' => "S",
                b'0'..=b'9' => "N",
                c if c.is_ascii_alphabetic() || c == b'_' => {
                    if is_keyword(text) {
                        text
                    } else {
                        "I"
                    }
                }
                _ => text,
            };
            std::hash::Hasher::write(&mut hasher, normal.as_bytes());
            std::hash::Hasher::write_u8(&mut hasher, 0);
            count += 1;
        }
        (std::hash::Hasher::finish(&hasher), count)
    }

    /// The byte loop must see every line as the regex did (checked on the 5.2 M lines of
    /// the ten corpora when it landed).
    #[test]
    fn line_shapes_match_the_regex_tokens() {
        let lines = [
            r#"x = foo(bar, "a \"quoted\" word", 'it\'s') + 0x1F.5_0"#,
            r#"unterminated "string here and 'another"#,
            "ünïcode = naïve + «quotes» → arrow\u{a0}nbsp",
            r#"ends with a backslash \"#,
            r#"s = "escaped at end \\" + t"#,
            "   \t  ",
            "a.b_c[1]->d::<E>{}",
            "if not self.x: return None  # a comment",
        ];
        for line in lines {
            assert_eq!(line_shape(line), reference_shape(line), "{line:?}");
        }
        // Identifiers are one shape whatever their name; keywords are not.
        assert_eq!(line_shape("foo(bar)"), line_shape("baz(qux)"));
        assert_ne!(line_shape("return x"), line_shape("yield x"));
        assert_eq!(line_shape("   \t  ").1, 0);
    }
}
