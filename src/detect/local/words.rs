//! Small word tests the file-local detectors share: ASCII case-insensitive prefixes,
//! suffixes and substrings, and the regex crate's own idea of a word character.
//!
//! These replace built-in regexes that were alternations of fixed words. Each regex was
//! compiled in every process and its lazy DFA built states again on every thread, a real
//! share of the file-local pass on a small repository. Case is folded
//! for ASCII only: the regexes also folded the Kelvin sign into `k` and `ſ` into `s`.

/// A `\b`-style word character, exactly as the `regex` crate's Unicode `\w` has it.
pub fn is_word(c: char) -> bool {
    regex_syntax::is_word_character(c)
}

/// Whether `text` at byte `at` starts with `needle`, ignoring ASCII case.
pub fn at_ci(text: &[u8], at: usize, needle: &str) -> bool {
    text.get(at..at + needle.len())
        .is_some_and(|s| s.eq_ignore_ascii_case(needle.as_bytes()))
}

pub fn starts_ci(text: &str, needle: &str) -> bool {
    at_ci(text.as_bytes(), 0, needle)
}

pub fn ends_ci(text: &str, needle: &str) -> bool {
    text.len() >= needle.len() && at_ci(text.as_bytes(), text.len() - needle.len(), needle)
}

/// A set of up to 32 lowercase ASCII words, indexed by first byte: finding whether any
/// occurs in a text costs one table lookup per byte, plus a comparison where a word could
/// start.
pub struct Words {
    words: &'static [&'static str],
    /// For each byte, the words (as bits) that start with it in either case.
    first: [u32; 256],
}

impl Words {
    pub const fn new(words: &'static [&'static str]) -> Words {
        assert!(words.len() <= 32, "at most 32 words");
        let mut first = [0u32; 256];
        let mut i = 0;
        while i < words.len() {
            let byte = words[i].as_bytes()[0];
            first[byte.to_ascii_lowercase() as usize] |= 1 << i;
            first[byte.to_ascii_uppercase() as usize] |= 1 << i;
            i += 1;
        }
        Words { words, first }
    }

    /// Whether any of the words occurs in `text`, ignoring ASCII case.
    pub fn in_text(&self, text: &str) -> bool {
        let bytes = text.as_bytes();
        bytes.iter().enumerate().any(|(at, &b)| {
            let mut candidates = self.first[b as usize];
            while candidates != 0 {
                let word = self.words[candidates.trailing_zeros() as usize];
                if at_ci(bytes, at, word) {
                    return true;
                }
                candidates &= candidates - 1;
            }
            false
        })
    }
}

/// Whether `text` at byte `at` is a word boundary in the regex sense: a word character on
/// exactly one side.
pub fn boundary(text: &str, at: usize) -> bool {
    let before = text[..at].chars().next_back().is_some_and(is_word);
    let after = text[at..].chars().next().is_some_and(is_word);
    before != after
}

/// Whether `word` occurs in `text` with a boundary on both sides, as the regex
/// `\b{word}\b` (the word escaped) finds it.
pub fn has_word(text: &str, word: &str) -> bool {
    let Some(first) = word.chars().next() else {
        return false;
    };
    // Every occurrence, overlapping ones too (`$a$` twice in `$a$a$`), as the regex tries
    // each position.
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        if boundary(text, at) && boundary(text, at + word.len()) {
            return true;
        }
        from = at + first.len_utf8();
    }
    false
}

#[cfg(test)]
pub mod oracle {
    //! Strings built from the pieces a pattern cares about, for differential tests of a
    //! word test against the regex it replaced.

    /// A fixed-seed generator: the same strings on every run.
    pub struct Strings {
        state: u64,
    }

    impl Strings {
        pub fn new(seed: u64) -> Strings {
            Strings { state: seed.max(1) }
        }

        fn next(&mut self) -> u64 {
            self.state ^= self.state << 13;
            self.state ^= self.state >> 7;
            self.state ^= self.state << 17;
            self.state
        }

        /// A head, up to `max` middle pieces and a tail: shaped like the lines a pattern
        /// reads, so that both of its answers come up often.
        pub fn shaped(
            &mut self,
            heads: &[&str],
            pieces: &[&str],
            tails: &[&str],
            max: usize,
        ) -> String {
            let mut out = self.join(heads, 1);
            if !self.next().is_multiple_of(4) {
                out.push_str(&self.join(pieces, max));
            }
            out.push_str(&self.join(tails, 1));
            out
        }

        /// One to `max` pieces joined, with random ASCII case changes.
        pub fn join(&mut self, pieces: &[&str], max: usize) -> String {
            let count = 1 + (self.next() as usize) % max;
            let mut out = String::new();
            for _ in 0..count {
                let piece = pieces[(self.next() as usize) % pieces.len()];
                if self.next().is_multiple_of(5) {
                    out.push_str(&piece.to_ascii_uppercase());
                } else {
                    out.push_str(piece);
                }
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_and_boundaries() {
        assert!(starts_ci("PassWord", "password") && !starts_ci("pass", "password"));
        assert!(ends_ci("db_Token", "token") && !ends_ci("tok", "token"));
        const WORDS: Words = Words::new(&["e.g.", "todo"]);
        assert!(
            WORDS.in_text("see E.G. this") && WORDS.in_text("a ToDo") && !WORDS.in_text("eg to do")
        );
        assert!(
            boundary("a b", 1) && boundary("a b", 2) && !boundary("ab", 1) && boundary("ab", 0)
        );
        assert!(
            !boundary("éa", "é".len()),
            "é is a word character, as in the regex crate"
        );
    }

    /// `has_word` answers as the regex `\b{word}\b` does, for words with and without
    /// word characters at their ends (`$` is not one, as in JavaScript's `$el`).
    #[test]
    fn has_word_is_the_regex_word_search() {
        let words = ["map", "$el", "el$", "_", "$", "café", "a_b1", "$a$"];
        let pieces = [
            "map", "maps", "$el", "el", "$", "_", " ", ".", "café", "é", "a_b1", "1", "(", "x",
            "a", "x$a$", "$a$x",
        ];
        let mut strings = oracle::Strings::new(0x5eed);
        for word in words {
            let regex = regex::Regex::new(&format!(r"\b{}\b", regex::escape(word))).unwrap();
            let mut found = 0;
            for _ in 0..4_000 {
                let text = strings.join(&pieces, 6);
                assert_eq!(
                    has_word(&text, word),
                    regex.is_match(&text),
                    "{word:?} in {text:?}"
                );
                found += usize::from(regex.is_match(&text));
            }
            assert!(
                (20..3_900).contains(&found),
                "{found} of 4,000 held {word:?}"
            );
        }
    }
}
