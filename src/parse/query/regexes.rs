//! Regexes compiled once per process, by pattern. Rules share patterns across languages
//! (TypeScript, TSX and JavaScript read the same queries), and compiling each pattern once
//! is most of a run's fixed cost on a small repository.
//!
//! They are built without a literal prefilter and without a full DFA: they run on names,
//! comments and string literals of a line or two, where neither saves anything (the lazy
//! DFA answers as fast on such short texts), and building them was most of each
//! compilation, paid again by every process.
//!
//! Nearly every text they are asked about is ASCII, and on ASCII text a pattern's Unicode
//! classes and case folding decide nothing: `.`, `\w`, `[^"]` or `(?i)k` accept the same
//! ASCII characters either way. So a rule regex is first compiled without Unicode, which
//! builds a fraction of the automaton (no UTF-8 sequences for its classes), and answers
//! ASCII texts; a text beyond ASCII takes the full (Unicode) reading.
//!
//! A rule regex is only asked whether it matches, which the forward lazy DFA alone answers:
//! for either reading it is built without the reverse automaton, the captures and the other
//! engines a `meta::Regex` compiles beside it (`Forward`). The `meta::Regex` is built only
//! where the DFA gives up (a Unicode `\b` beside a non-ASCII byte) or a match's end is
//! asked for.

use std::collections::HashMap;
use std::panic::{RefUnwindSafe, UnwindSafe};
use std::sync::{Arc, LazyLock, Mutex, OnceLock};

use regex_automata::Input;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::meta::{self, Regex};
use regex_automata::nfa::thompson::{self, WhichCaptures};
use regex_automata::util::pool::Pool;
use regex_automata::util::syntax;

use super::literals::Literals;
#[cfg(test)]
use super::regex_check::required_literal;
use super::regex_check::{Checked, check};

/// Compiled regexes by pattern.
static COMPILED: LazyLock<Mutex<HashMap<String, Regex>>> = LazyLock::new(Default::default);

/// The forward automata of ASCII readings, by pattern (see `Forward`).
static FORWARD: LazyLock<Mutex<HashMap<String, Arc<Forward>>>> = LazyLock::new(Default::default);

/// The forward automata of full (Unicode) readings, by pattern, for texts beyond ASCII.
static FORWARD_UNICODE: LazyLock<Mutex<HashMap<String, Arc<Forward>>>> =
    LazyLock::new(Default::default);

type Caches = Pool<Cache, Box<dyn Fn() -> Cache + Send + Sync + UnwindSafe + RefUnwindSafe>>;

/// A pattern read without Unicode (classes and case folding over ASCII alone, matching
/// bytes, which on ASCII text are the characters) as a forward lazy DFA alone, with a cache
/// per thread: enough to say whether an ASCII text holds a match, at a fraction of the compilation of
/// a `meta::Regex`, which also builds a reverse automaton and engines that report where
/// matches and their groups are.
struct Forward {
    dfa: DFA,
    caches: Caches,
}

impl Forward {
    /// With the limits `config` gives a `meta::Regex`. Fails where the pattern needs
    /// Unicode to mean anything (`\p{Greek}`).
    fn build(pattern: &str) -> Result<Forward, Box<regex_automata::hybrid::BuildError>> {
        Forward::build_reading(pattern, false)
    }

    /// The pattern read as `regex::Regex` reads it (Unicode classes and case folding, UTF-8
    /// text), for texts beyond ASCII: a forward automaton alone still answers whether a
    /// text holds a match, at a fraction of the compilation of a `meta::Regex`.
    fn build_unicode(pattern: &str) -> Result<Forward, Box<regex_automata::hybrid::BuildError>> {
        Forward::build_reading(pattern, true)
    }

    fn build_reading(
        pattern: &str,
        unicode: bool,
    ) -> Result<Forward, Box<regex_automata::hybrid::BuildError>> {
        // A Unicode `\b` is decided only between ASCII bytes: a search that meets another
        // gives up (`is_match` says `None`) and the full regex answers.
        let dfa = DFA::builder()
            .configure(
                DFA::config()
                    .cache_capacity(2 << 20)
                    .unicode_word_boundary(unicode),
            )
            .syntax(syntax::Config::new().unicode(unicode).utf8(unicode))
            .thompson(
                thompson::Config::new()
                    .which_captures(WhichCaptures::None)
                    .nfa_size_limit(Some(10 << 20)),
            )
            .build(pattern)
            .map_err(Box::new)?;
        let made = dfa.clone();
        Ok(Forward {
            dfa,
            caches: Pool::new(Box::new(move || made.create_cache())),
        })
    }

    /// Whether `text` holds a match; `None` if the lazy DFA gave up on it.
    fn is_match(&self, text: &str) -> Option<bool> {
        let mut cache = self.caches.get();
        self.dfa
            .try_search_fwd(&mut cache, &Input::new(text).earliest(true))
            .ok()
            .map(|found| found.is_some())
    }
}

/// The forward automaton of `pattern`'s ASCII reading, built once per process.
fn forward(pattern: &str) -> Option<Arc<Forward>> {
    once_per_process(&FORWARD, pattern, |p| Forward::build(p).map(Arc::new)).ok()
}

/// The forward automaton of `pattern`'s full reading, built once per process.
fn forward_unicode(pattern: &str) -> Option<Arc<Forward>> {
    once_per_process(&FORWARD_UNICODE, pattern, |p| {
        Forward::build_unicode(p).map(Arc::new)
    })
    .ok()
}

/// What `cache` holds for `pattern`, else what `build` makes of it, kept there. Built
/// outside the lock: two threads may both build a pattern, neither waits.
fn once_per_process<T: Clone, E>(
    cache: &Mutex<HashMap<String, T>>,
    pattern: &str,
    build: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, E> {
    if let Some(known) = cache.lock().ok().and_then(|c| c.get(pattern).cloned()) {
        return Ok(known);
    }
    let built = build(pattern)?;
    if let Ok(mut all) = cache.lock() {
        all.insert(pattern.to_string(), built.clone());
    }
    Ok(built)
}

/// The pattern compiled as `regex::Regex::new` would (Unicode, UTF-8, the same limits on
/// the automata's sizes), minus the prefilter and the full DFA.
fn build(pattern: &str) -> Result<Regex, Box<meta::BuildError>> {
    build_with(pattern, false)
}

/// `scanning`: for long texts, with the literal prefilter and the full DFA that pay off there.
fn build_with(pattern: &str, scanning: bool) -> Result<Regex, Box<meta::BuildError>> {
    meta::Builder::new()
        .configure(config(scanning))
        .build(pattern)
        .map_err(Box::new)
}

fn config(scanning: bool) -> meta::Config {
    meta::Config::new()
        .auto_prefilter(scanning)
        .nfa_size_limit(Some(10 << 20))
        .hybrid_cache_capacity(2 << 20)
        .dfa(scanning)
}

/// A built-in pattern searched for through long texts (whole docstrings, not names): its
/// literal prefilter and full DFA are worth building there (built once, they speed up
/// every search).
pub fn built_in_scanning(pattern: &str) -> Regex {
    build_with(pattern, true).unwrap_or_else(|err| panic!("built-in regex {pattern}: {err}"))
}

/// The pattern compiled, or the regex an earlier call compiled (a cheap clone).
fn compiled(pattern: &str) -> Result<Regex, Box<meta::BuildError>> {
    once_per_process(&COMPILED, pattern, build)
}

/// A regex whose syntax is checked when its rule set is built and which is compiled the
/// first time it is asked to match: a repository reaches few of a rule set's filters and
/// `#match?` predicates, and each compilation costs a fraction of a millisecond.
pub struct LazyRegex {
    pattern: String,
    regex: OnceLock<Option<Regex>>,
    /// For ASCII texts (`None` inside: the pattern needs Unicode).
    ascii: OnceLock<Option<Arc<Forward>>>,
    /// For other texts (`None` inside: a size limit refused it; `regex` then answers).
    unicode: OnceLock<Option<Arc<Forward>>>,
    /// A searcher for the text every match contains (see `required_literal`): a text
    /// without it is answered without the regex (and without compiling it).
    required: Option<Box<memchr::memmem::Finder<'static>>>,
    /// The literals every match is one of, where the pattern says so (`Literals`): they
    /// answer for ASCII texts without compiling anything.
    literals: OnceLock<Option<Literals>>,
}

impl LazyRegex {
    pub fn new(pattern: &str) -> Result<LazyRegex, String> {
        let required = checked(pattern)?;
        Ok(LazyRegex {
            pattern: pattern.to_string(),
            regex: OnceLock::new(),
            ascii: OnceLock::new(),
            unicode: OnceLock::new(),
            required: required.map(|r| Box::new(memchr::memmem::Finder::new(&r).into_owned())),
            literals: OnceLock::new(),
        })
    }

    /// Bytes every text this regex matches in contains, when the pattern says so.
    pub fn required(&self) -> Option<&[u8]> {
        self.required.as_ref().map(|f| f.needle())
    }

    pub fn is_match(&self, text: &str) -> bool {
        if self
            .required
            .as_ref()
            .is_some_and(|f| f.find(text.as_bytes()).is_none())
        {
            return false;
        }
        let ascii = text.is_ascii();
        if ascii && let Some(literals) = self.literals.get_or_init(|| Literals::of(&self.pattern)) {
            return literals.is_match(text.as_bytes());
        }
        if let Some(answer) = self
            .reading(ascii)
            .and_then(|forward| forward.is_match(text))
        {
            return answer;
        }
        self.full().is_some_and(|r| r.is_match(text))
    }

    /// The forward automaton for ASCII texts or for the others, built on first use.
    fn reading(&self, ascii: bool) -> Option<&Forward> {
        let built = if ascii {
            self.ascii.get_or_init(|| forward(&self.pattern))
        } else {
            self.unicode.get_or_init(|| forward_unicode(&self.pattern))
        };
        built.as_deref()
    }

    /// Where the last match in `text` ends, if any.
    pub fn last_match_end(&self, text: &str) -> Option<usize> {
        if !self.is_match(text) {
            return None;
        }
        self.full()?.find_iter(text).last().map(|m| m.end())
    }

    fn full(&self) -> Option<&Regex> {
        self.regex
            .get_or_init(|| {
                // Past the syntax check only a size limit can refuse a pattern: said once,
                // and it then matches nothing.
                compiled(&self.pattern)
                    .map_err(|e| tracing::warn!("regex {}: {e}", self.pattern))
                    .ok()
            })
            .as_ref()
    }
}

/// What checking each pattern's syntax found: its required literal, or why `Regex::new`
/// refuses it. Languages share patterns (TypeScript, TSX and JavaScript read the same
/// queries) and the rule catalog checks the sinks' patterns before a family compiles them.
static CHECKED: LazyLock<Mutex<HashMap<String, Checked>>> = LazyLock::new(Default::default);

/// The embedded rules' and queries' patterns, checked when the binary was built: (pattern,
/// its required literal), sorted by pattern. Only patterns that passed are here.
/// Each row also holds the literals its every match is one of, if so (`exact_literals`).
#[allow(clippy::type_complexity)]
static CHECKED_AHEAD: &[(&str, Option<&[u8]>, Option<&[(u8, &[u8])]>)] =
    include!(concat!(env!("OUT_DIR"), "/checked_regexes.rs"));

fn ahead(pattern: &str) -> Option<usize> {
    CHECKED_AHEAD
        .binary_search_by(|(known, _, _)| (*known).cmp(pattern))
        .ok()
}

/// What the build found of the pattern's literals (`Literals`): `None` if the build did
/// not see the pattern, `Some(None)` if it found none.
#[allow(clippy::type_complexity)]
pub(super) fn literals_ahead(pattern: &str) -> Option<Option<&'static [(u8, &'static [u8])]>> {
    ahead(pattern).map(|at| CHECKED_AHEAD[at].2)
}

/// Every pattern the build checked.
#[cfg(test)]
pub(super) fn patterns_ahead() -> impl Iterator<Item = &'static str> {
    CHECKED_AHEAD.iter().map(|(pattern, _, _)| *pattern)
}

fn checked_ahead(pattern: &str) -> Option<Checked> {
    let found = ahead(pattern).map(|at| Ok(CHECKED_AHEAD[at].1.map(<[u8]>::to_vec)));
    #[cfg(test)]
    if found.is_none() {
        MISSED_AHEAD.with(|missed| missed.borrow_mut().push(pattern.to_string()));
    }
    found
}

// Patterns this thread asked about that the build did not check (see the tests).
#[cfg(test)]
thread_local! {
    static MISSED_AHEAD: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The patterns this thread asked about that the build did not check.
#[cfg(test)]
pub fn missed_ahead() -> Vec<String> {
    MISSED_AHEAD.with(|missed| missed.borrow().clone())
}

fn checked(pattern: &str) -> Checked {
    if let Some(known) = checked_ahead(pattern) {
        return known;
    }
    if let Some(known) = CHECKED.lock().ok().and_then(|c| c.get(pattern).cloned()) {
        return known;
    }
    let found = check(pattern);
    if let Ok(mut cache) = CHECKED.lock() {
        cache.insert(pattern.to_string(), found.clone());
    }
    found
}

/// Every pattern checked so far in this process or by the build, and whether the reading
/// `check` chose gave what the full reading gives (for the tests of the rules that use them).
#[cfg(test)]
pub fn checked_patterns_agree() -> Vec<(String, bool)> {
    let mut patterns: Vec<String> = CHECKED
        .lock()
        .map(|c| c.keys().cloned().collect())
        .unwrap_or_default();
    patterns.extend(CHECKED_AHEAD.iter().map(|(p, _, _)| p.to_string()));
    patterns
        .into_iter()
        .map(|pattern| {
            let agrees = check(&pattern) == full_check(&pattern);
            (pattern, agrees)
        })
        .collect()
}

/// The check as `Regex::new` runs it, always with Unicode.
#[cfg(test)]
fn full_check(pattern: &str) -> Checked {
    regex_syntax::Parser::new()
        .parse(pattern)
        .map(|hir| required_literal(&hir))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table the build wrote holds what the check gives (that compiling everything the
    /// binary embeds finds every pattern in it is `detect::local::rules`'s test).
    #[test]
    fn the_build_checked_table_holds_what_the_check_gives() {
        assert!(CHECKED_AHEAD.len() > 100, "{} rows", CHECKED_AHEAD.len());
        assert!(CHECKED_AHEAD.windows(2).all(|w| w[0].0 < w[1].0), "sorted");
        for (pattern, required, _) in CHECKED_AHEAD {
            assert_eq!(
                check(pattern),
                Ok(required.map(<[u8]>::to_vec)),
                "{pattern}"
            );
        }
    }

    /// What `Regex::new` refuses is refused when the rule set is built, not at first use.
    #[test]
    fn lazy_regexes_refuse_what_regex_refuses_and_match_alike() {
        for bad in ["(", "a{2,1}", r"(?-u:\xFF)", r"\p{NoSuchClass}"] {
            assert!(regex::Regex::new(bad).is_err(), "{bad}");
            assert!(build(bad).is_err(), "{bad} was built");
            assert!(
                LazyRegex::new(bad).is_err(),
                "{bad} passed the syntax check"
            );
        }
        let lazy = LazyRegex::new(r"^(?i)safe_\w+$").expect("valid");
        assert!(lazy.regex.get().is_none(), "compiled before use");
        assert!(lazy.ascii.get().is_none(), "compiled before use");
        assert!(lazy.is_match("SAFE_join") && !lazy.is_match("unsafe_join"));
        assert!(lazy.ascii.get().is_some() && lazy.regex.get().is_none());
        // A text beyond ASCII takes the Unicode reading: `\w` holds `é`, and `K` (Kelvin)
        // folds to `k`; a forward automaton of it answers, the full regex is not built.
        assert!(lazy.is_match("safe_café"));
        assert!(lazy.unicode.get().is_some() && lazy.regex.get().is_none());
        let kelvin = LazyRegex::new(r"(?i)^k$").expect("valid");
        assert!(kelvin.is_match("\u{212A}") && kelvin.is_match("K") && !kelvin.is_match("x"));
    }

    /// On ASCII text the regex built without Unicode answers as `regex::Regex` does, for
    /// the constructs rules use: `.`, negated classes, `\w`, `\b`, `\s`, case folding.
    #[test]
    fn ascii_regexes_match_ascii_text_as_the_regex_crate_does() {
        let patterns = [
            r"^.?csrf(Protection)?.?$",
            r"^.(undefined|object|boolean|number|bigint|string|symbol|function).$",
            r#"^[^/"'`]*[0-9][){[:space:]]*(/[*].{0,12}[*]/|//.{0,12}$)"#,
            r"(?i)(token|password|secret|nonce|salt|otp|apikey|api_key|sessionid|csrf)",
            r"(?i)(^|[._])(signature|sig|(api|access|auth)?_?token|secret|password_?hash)$",
            r"[(](\?:)?(\\.|\[[^\]]*\]|[^()\[\]\\?])[+*]((?:[^()\[\]]|\[[^\]]*\])*[+*?}])?[)][+*{]",
            r"\b(TODO|FIXME|XXX|HACK)\b",
            r"^\w+\s*=\s*\S+$",
            r"(?i)kelvin|\bstatus[A-Za-z_]*\s*([!=]==?|[<>]=?)\s*[1-5][0-9][0-9]$",
            r"^[bru]*.0[.]0[.]0[.]0(:[0-9]+)?.$",
            r"\B_\d+\b",
        ];
        let alphabet: Vec<char> = "aksKScfrtu_0159 .'\"`/*(){}[]+?=!<>:\\\t-"
            .chars()
            .collect();
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut texts: Vec<String> = [
            "",
            "'csrf'",
            "csrfProtection",
            "'undefined'",
            "x = 10 // ms",
            "API_TOKEN",
            "password_hash",
            "(a+)+",
            "([^x]*)*",
            "TODO: x",
            "a_TODO",
            "key = value",
            "status === 404",
            "'0.0.0.0:80'",
            "x_12 ",
            "KELVIN",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        for _ in 0..400 {
            let len = (seed % 24) as usize;
            let text: String = (0..len)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    alphabet[(seed >> 33) as usize % alphabet.len()]
                })
                .collect();
            texts.push(text);
        }
        for pattern in patterns {
            let (ours, theirs) = (
                Forward::build(pattern).expect("builds without Unicode"),
                regex::Regex::new(pattern).expect("valid"),
            );
            for text in &texts {
                assert_eq!(
                    ours.is_match(text),
                    Some(theirs.is_match(text)),
                    "{pattern} on {text:?}"
                );
            }
        }
        // Unicode properties have no ASCII meaning: such a pattern takes the full regex.
        assert!(Forward::build(r"\p{Greek}").is_err());
        let greek = LazyRegex::new(r"^\p{Greek}*$").expect("valid");
        assert!(greek.is_match("") && !greek.is_match("a") && greek.is_match("αβ"));
    }

    /// Beyond ASCII the forward automaton of the full reading answers as `regex::Regex`
    /// does (where it gives up, at a Unicode `\b` beside a non-ASCII byte, the full regex
    /// answers instead).
    #[test]
    fn regexes_match_text_beyond_ascii_as_the_regex_crate_does() {
        let patterns = [
            r"^(?i)safe_\w+$",
            r"(?i)^k$",
            r"(?i)(token|password|secret|stra(ss|ß)e)",
            r"\b(TODO|FIXME)\b",
            r#"^"[^"]*"$"#,
            r"^.{2}$",
            r"\s+end",
            r"^@\w+(\.\w+)*\.(route|get)\(",
            r"(?i)</\s*(a|div|script)",
        ];
        let texts = [
            "safe_café",
            "SAFE_ÉTÉ",
            "\u{212A}",
            "PASSWORD_ü",
            "Straße",
            "STRAẞE",
            "ſecret",
            "«TODO» x",
            "éTODO",
            "TODO é",
            "\"naïve\"",
            "\"a\"é\"",
            "日本",
            "日本語",
            "a\u{2003}end",
            "@app.route(\"/ü\")",
            "@äpp.get(",
            "<p>ü</DIV>",
            "😀 </script",
        ];
        let mut gave_up = 0;
        for pattern in patterns {
            let theirs = regex::Regex::new(pattern).expect("valid");
            let lazy = LazyRegex::new(pattern).expect("valid");
            let forward = Forward::build_unicode(pattern);
            for text in texts {
                assert!(!text.is_ascii(), "{text:?}");
                let expected = theirs.is_match(text);
                assert_eq!(lazy.is_match(text), expected, "{pattern} on {text:?}");
                let answer = forward.as_ref().expect("builds").is_match(text);
                gave_up += usize::from(answer.is_none());
                if let Some(answer) = answer {
                    assert_eq!(answer, expected, "{pattern} on {text:?} (forward)");
                }
            }
        }
        // Only the `\b` pattern gives up, on the texts with a non-ASCII byte in reach.
        assert!((1..texts.len()).contains(&gave_up), "{gave_up}");
    }

    /// Where the ASCII and the full readings of a pattern could differ (escapes past ASCII,
    /// `(?-u)`, Unicode classes, case folding), `check` answers as the full reading does.
    #[test]
    fn the_ascii_syntax_check_agrees_with_the_full_one_at_the_edges() {
        let edges = [
            r"\xE9",
            r"(?i)\xE9",
            r"caf\x{e9}",
            r"(?-u:\xFF)",
            r"(?-u:.)",
            r"\p{Greek}",
            r"\pL+",
            r"(?i)1",
            r"(?i)ks",
            "é",
            r"(?u)a",
            r"\(?u:x\)",
            "(",
            r"\w+\b",
            r"^verify=False",
        ];
        for pattern in edges {
            assert_eq!(check(pattern), full_check(pattern), "{pattern}");
        }
    }

    /// What every match must contain is found where the pattern spells it out, and only
    /// there; checked against what the regex matches.
    #[test]
    fn the_last_match_ends_where_the_regex_crate_says() {
        let lazy = LazyRegex::new("type\\(\\w+\\)").expect("valid");
        let text = "res.type(text); send(a); res.type(html); send(b)";
        let expected = regex::Regex::new("type\\(\\w+\\)")
            .expect("valid")
            .find_iter(text)
            .last()
            .map(|m| m.end());
        assert_eq!(lazy.last_match_end(text), expected);
        assert_eq!(expected, Some(text.find("; send(b)").expect("in text")));
        assert_eq!(lazy.last_match_end("send(a)"), None);
    }

    #[test]
    fn required_literals_are_in_every_match() {
        let cases: [(&str, Option<&str>); 9] = [
            (r"^[bru]*.0[.]0[.]0[.]0(:[0-9]+)?.$", Some("0.0.0.0")),
            (r"^(md5|sha1)$", None),
            (r"(?i)password", None),
            (r"^verify=False", Some("verify=False")),
            (r"x?abc", Some("abc")),
            (r"(abc)?d", Some("d")),
            (r"(abcd)+e", Some("abcd")),
            (r"[a-z]+", None),
            (r"^shell\s*=\s*True$", Some("shell")),
        ];
        for (pattern, expected) in cases {
            let lazy = LazyRegex::new(pattern).expect("valid");
            assert_eq!(lazy.required(), expected.map(str::as_bytes), "{pattern}");
        }
        let lazy = LazyRegex::new(r"^[bru]*.0[.]0[.]0[.]0(:[0-9]+)?.$").expect("valid");
        for text in ["'0.0.0.0'", "b'0.0.0.0:80'", "'127.0.0.1'", "''"] {
            let contains = text.as_bytes().windows(7).any(|w| w == b"0.0.0.0");
            assert!(
                !lazy.is_match(text) || contains,
                "{text} matched without the literal"
            );
        }
    }

    /// Without a prefilter the regexes find what `regex::Regex` finds, where it finds it.
    #[test]
    fn built_regexes_match_as_the_regex_crate_does() {
        let patterns = [
            r"(?i)(todo|fixme|e\.g\.|example)",
            r"^[bru]*.0[.]0[.]0[.]0(:[0-9]+)?.$",
            r"\b(TODO|HACK)\b",
            r"(AKIA[0-9A-Z]{16}|sk-(proj-)?[A-Za-z0-9]{32,})",
            r"(?i)secret$|^(?i)(test|fake)",
        ];
        let texts = [
            "",
            "todo: fix",
            "E.G. this",
            "'0.0.0.0:80'",
            "b\"0.0.0.0\"",
            "x HACK y",
            "xHACKy",
            "key AKIAABCDEFGHIJKLMNOP",
            "sk-proj-abcdefghijklmnopqrstuvwxyz012345",
            "MY_SECRET",
            "fake_value",
            "ünïcode TODO «x»",
        ];
        for pattern in patterns {
            let (ours, scanning, theirs) = (
                build(pattern).expect("valid"),
                built_in_scanning(pattern),
                regex::Regex::new(pattern).expect("valid"),
            );
            for text in texts {
                assert_eq!(
                    ours.find(text).map(|m| m.range()),
                    theirs.find(text).map(|m| m.range()),
                    "{pattern} on {text:?}"
                );
                assert_eq!(
                    scanning.find(text).map(|m| m.range()),
                    theirs.find(text).map(|m| m.range()),
                    "{pattern} on {text:?}"
                );
            }
        }
    }
}
