//! Patterns whose every match is one of a few literals, answered by comparing bytes
//! instead of compiling an automaton (see `regex_check::exact_literals`, which finds them,
//! at build time for the embedded rules' patterns).

use super::regex_check::{anchor, exact_literals};
use super::regexes::literals_ahead;

/// A pattern whose every match is one of a few literals, each where it must sit in the
/// text (`regex_check::exact_literals`): `^re\.(compile|match)$` is answered by comparing
/// a name with two strings, not by compiling an automaton. Holds for the pattern's reading
/// without Unicode, so for ASCII texts (and for any bytes where that is the reading used).
pub enum Literals {
    /// Found when the binary was built.
    Ahead(&'static [(u8, &'static [u8])]),
    /// Found at run time, for a pattern the build did not see.
    Found(Vec<(u8, Vec<u8>)>),
}

impl Literals {
    /// The pattern's literals, if its every match is one of a few.
    pub fn of(pattern: &str) -> Option<Literals> {
        match literals_ahead(pattern) {
            Some(ahead) => ahead.map(Literals::Ahead),
            None => exact_literals(pattern).map(Literals::Found),
        }
    }

    pub fn is_match(&self, text: &[u8]) -> bool {
        match self {
            Literals::Ahead(literals) => literals_match(literals.iter().copied(), text),
            Literals::Found(literals) => {
                literals_match(literals.iter().map(|(at, b)| (*at, b.as_slice())), text)
            }
        }
    }
}

/// Whether `text` holds one of `literals` where it must sit.
fn literals_match<'a>(literals: impl IntoIterator<Item = (u8, &'a [u8])>, text: &[u8]) -> bool {
    literals.into_iter().any(|(at, bytes)| match at {
        anchor::WHOLE => text == bytes,
        anchor::START => text.starts_with(bytes),
        anchor::END => text.ends_with(bytes),
        _ => memchr::memmem::find(text, bytes).is_some(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex_automata::meta::Regex;
    use regex_automata::util::syntax;

    /// The reading the literals stand for: without Unicode, over bytes.
    fn reference(pattern: &str) -> Regex {
        Regex::builder()
            .syntax(syntax::Config::new().unicode(false).utf8(false))
            .build(pattern)
            .expect("valid pattern")
    }

    /// Texts around each literal: itself, with bytes before, after and on both sides, and
    /// cut short at either end.
    fn texts_near(literals: &Literals) -> Vec<Vec<u8>> {
        let owned: Vec<Vec<u8>> = match literals {
            Literals::Ahead(all) => all.iter().map(|(_, b)| b.to_vec()).collect(),
            Literals::Found(all) => all.iter().map(|(_, b)| b.clone()).collect(),
        };
        let mut texts = vec![Vec::new(), b"x".to_vec(), b"a.b".to_vec()];
        for literal in owned {
            for (before, after) in [("", ""), ("x", ""), ("", "x"), ("x.", ".y"), (".", "")] {
                texts.push([before.as_bytes(), &literal, after.as_bytes()].concat());
            }
            if let Some((_, rest)) = literal.split_first() {
                texts.push(rest.to_vec());
            }
            if let Some((_, rest)) = literal.split_last() {
                texts.push(rest.to_vec());
            }
        }
        texts
    }

    fn assert_agrees(pattern: &str, literals: &Literals) {
        let regex = reference(pattern);
        for text in texts_near(literals) {
            assert_eq!(
                literals.is_match(&text),
                regex.is_match(&text[..]),
                "{pattern} on {:?}",
                String::from_utf8_lossy(&text)
            );
        }
    }

    #[test]
    fn literals_are_found_where_every_match_is_one_of_a_few() {
        let found = |p: &str| exact_literals(p).map(|l| l.len());
        assert_eq!(found(r"^re\.(compile|match)$"), Some(2));
        assert_eq!(found(r"(^|\.)(execute|executemany)$"), Some(4));
        assert_eq!(found(r"\.open$"), Some(1));
        assert_eq!(found(r"^(?:a|b)c?$"), Some(4));
        assert_eq!(found(r"(?i)(^|_)(key|iv)$"), Some(24));
        assert_eq!(found(r"[!=]="), Some(2));
        // Never matches: bytes after the end.
        assert_eq!(found(r"a$b"), Some(0));
        for unbounded in [
            r"\w+$",
            r"^os\.exec\w*$",
            r"a.b",
            r"(?m)^x$",
            r"\bx\b",
            r"[^a]",
        ] {
            assert_eq!(found(unbounded), None, "{unbounded}");
        }
        // Too many spellings to list, or to look for anywhere in a text one by one.
        assert_eq!(found(r"(?i)password_hash"), None);
        assert_eq!(found(r"(?i)url"), None);
        // Only the Unicode reading has these.
        assert_eq!(found(r"é"), None);
        assert_eq!(found(r"(?u:k)"), None);
    }

    #[test]
    fn literals_match_as_the_regex_they_come_from() {
        for pattern in [
            r"^re\.(compile|match)$",
            r"(^|\.)(execute|executemany)$",
            r"\.open$",
            r"^(?:a|b)c?$",
            r"(?i)(^|_)(key|iv)$",
            r"[!=]=",
            r"a$b",
            r"^$",
            r"",
            r"x{2,3}$",
            r"^(ab|a)(c|bc)$",
            r"\A(os|posix)\.path\z",
        ] {
            let literals = Literals::of(pattern).expect(pattern);
            assert_agrees(pattern, &literals);
        }
    }

    /// Every embedded pattern the build spelled out as literals (most sinks' callees among
    /// them) answers as its regex does, and the build found what the run-time search finds.
    #[test]
    fn the_built_literals_match_as_their_regexes() {
        let mut spelled = 0;
        for pattern in crate::parse::query::regexes::patterns_ahead() {
            let Some(literals) = Literals::of(pattern) else {
                assert_eq!(exact_literals(pattern), None, "{pattern}");
                continue;
            };
            let Literals::Ahead(ahead) = literals else {
                panic!("{pattern}: not from the build's table");
            };
            let found = exact_literals(pattern).expect(pattern);
            let ahead_owned: Vec<(u8, Vec<u8>)> =
                ahead.iter().map(|(at, b)| (*at, b.to_vec())).collect();
            assert_eq!(ahead_owned, found, "{pattern}");
            assert_agrees(pattern, &literals);
            spelled += 1;
        }
        assert!(spelled > 50, "only {spelled} patterns spelled out");
    }
}
