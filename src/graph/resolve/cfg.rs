//! Rust `#[cfg(…)]` predicates, evaluated for the configuration rust-analyzer reads a crate
//! in by default: its default features, a 64-bit x86-64 Linux host, debug assertions on,
//! not a test build. Where two definitions of one name are `cfg` alternatives
//! (`#[cfg(feature = "perf-literal")] fn memchr` and `#[cfg(not(…))] fn memchr`), a call
//! goes to the enabled one.

use rustc_hash::FxHashSet;

/// Deepest nesting of `all`/`any`/`not` read before giving up.
const MAX_DEPTH: usize = 16;

/// Whether `predicate` (the text inside `cfg(…)`) holds with `features` enabled; `None`
/// where it cannot be read.
pub fn enabled(predicate: &str, features: &FxHashSet<String>) -> Option<bool> {
    let tokens = tokens(predicate)?;
    let mut parser = Parser {
        tokens: &tokens,
        at: 0,
        features,
    };
    let value = parser.predicate(0)?;
    (parser.at == tokens.len()).then_some(value)
}

#[derive(Debug, PartialEq)]
enum Token<'t> {
    Word(&'t str),
    Text(&'t str),
    Open,
    Close,
    Comma,
    Equals,
}

fn tokens(text: &str) -> Option<Vec<Token<'_>>> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while let Some(c) = rest.chars().next() {
        let (token, len) = match c {
            '(' => (Token::Open, 1),
            ')' => (Token::Close, 1),
            ',' => (Token::Comma, 1),
            '=' => (Token::Equals, 1),
            '"' => {
                let end = rest[1..].find('"')? + 1;
                (Token::Text(&rest[1..end]), end + 1)
            }
            c if c.is_alphanumeric() || c == '_' => {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                (Token::Word(&rest[..end]), end)
            }
            _ => return None,
        };
        out.push(token);
        rest = rest[len..].trim_start();
    }
    Some(out)
}

struct Parser<'p, 't> {
    tokens: &'p [Token<'t>],
    at: usize,
    features: &'p FxHashSet<String>,
}

impl<'p, 't> Parser<'p, 't> {
    fn next(&mut self) -> Option<&'p Token<'t>> {
        let token = self.tokens.get(self.at)?;
        self.at += 1;
        Some(token)
    }

    fn peek(&self) -> Option<&'p Token<'t>> {
        self.tokens.get(self.at)
    }

    fn predicate(&mut self, depth: usize) -> Option<bool> {
        if depth > MAX_DEPTH {
            return None;
        }
        let Some(Token::Word(word)) = self.next() else {
            return None;
        };
        let word = *word;
        match self.peek() {
            Some(Token::Open) => {
                self.at += 1;
                let mut values = Vec::new();
                loop {
                    if self.peek() == Some(&Token::Close) {
                        self.at += 1;
                        break;
                    }
                    values.push(self.predicate(depth + 1)?);
                    match self.next()? {
                        Token::Comma => {}
                        Token::Close => break,
                        _ => return None,
                    }
                }
                match word {
                    "all" => Some(values.iter().all(|&v| v)),
                    "any" => Some(values.iter().any(|&v| v)),
                    "not" if values.len() == 1 => Some(!values[0]),
                    _ => None,
                }
            }
            Some(Token::Equals) => {
                self.at += 1;
                let Some(Token::Text(value)) = self.next() else {
                    return None;
                };
                let value = *value;
                Some(self.key_value(word, value))
            }
            _ => Some(flag(word)),
        }
    }

    fn key_value(&self, key: &str, value: &str) -> bool {
        match key {
            "feature" => self.features.contains(value),
            "target_os" => value == "linux",
            "target_family" => value == "unix",
            "target_arch" => value == "x86_64",
            "target_pointer_width" => value == "64",
            "target_endian" => value == "little",
            "target_env" => value == "gnu",
            "target_has_atomic" => matches!(value, "8" | "16" | "32" | "64" | "ptr"),
            "target_feature" => matches!(value, "sse" | "sse2" | "fxsr"),
            "panic" => value == "unwind",
            // A configuration nobody set (`tokio_unstable`, `docsrs`) is off, as for rustc.
            _ => false,
        }
    }
}

/// A bare configuration name.
fn flag(word: &str) -> bool {
    matches!(word, "unix" | "debug_assertions")
}

#[cfg(test)]
mod tests {
    use super::enabled;
    use rustc_hash::FxHashSet;

    #[test]
    fn predicates_read_as_rust_analyzer_configures_a_crate() {
        let features: FxHashSet<String> = ["std", "perf-literal"]
            .map(String::from)
            .into_iter()
            .collect();
        let on = |p: &str| enabled(p, &features);
        assert_eq!(on(r#"feature = "std""#), Some(true));
        assert_eq!(on(r#"feature = "alloc""#), Some(false));
        assert_eq!(on(r#"not(feature = "perf-literal")"#), Some(false));
        assert_eq!(on(r#"all(feature = "std", unix)"#), Some(true));
        assert_eq!(on(r#"any(windows, target_arch = "wasm32")"#), Some(false));
        assert_eq!(
            on(r#"all(target_pointer_width = "64", not(test),)"#),
            Some(true)
        );
        assert_eq!(on("tokio_unstable"), Some(false));
        assert_eq!(on("debug_assertions"), Some(true));
        assert_eq!(on("all(feature"), None);
        assert_eq!(on("frobnicate(unix)"), None);
        assert_eq!(on(&"not(".repeat(40)), None);
    }
}
