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

use std::sync::{Mutex, OnceLock};

use rustc_hash::FxHashMap;

use regex_automata::meta::{self, Regex};
use regex_automata::nfa::thompson::{self, WhichCaptures, pikevm::PikeVM};
use regex_automata::util::syntax;
use regex_automata::{Input, MatchKind, PatternSet};

use super::sink_shapes::{all_heads, shapes};
use crate::parse::query::literals::Literals;

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
    /// Each pattern with endings or heads, made ready when a name first could match it:
    /// as the literals its every match is one of where it has such (most sink patterns,
    /// `^(eval|exec)$`), else compiled to an NFA alone, whose compilation is a fraction of
    /// a full regex's, since such a test is rare and its name short.
    compiled: Vec<OnceLock<Option<Test>>>,
    /// The patterns without known endings, and their set, compiled when first asked.
    rest: Vec<u32>,
    rest_set: OnceLock<Option<Regex>>,
    /// Answers already given: a file names the same few callees over and over, and a name
    /// whose ending a sink shares costs a regex search each time. Bounded by `MEMO_LIMIT`
    /// names of at most `MEMO_NAME_MAX` bytes (a callee's text can be a whole expression).
    memo: Mutex<FxHashMap<Box<str>, Box<[usize]>>>,
}

/// Most names `NameSet::memo` keeps, and the longest; others are matched afresh.
const MEMO_LIMIT: usize = 1 << 14;
const MEMO_NAME_MAX: usize = 256;

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
            memo: Mutex::new(FxHashMap::default()),
        }
    }

    /// Compiles the set of patterns without endings, which the first name would.
    pub fn prepare(&self) {
        if !self.rest.is_empty() {
            self.rest_set();
        }
    }

    fn rest_set(&self) -> Option<&Regex> {
        self.rest_set
            .get_or_init(|| {
                let rest: Vec<&str> = self
                    .rest
                    .iter()
                    .map(|&i| self.patterns[i as usize].as_str())
                    .collect();
                set_of(&rest)
            })
            .as_ref()
    }

    /// The indices of the patterns that match `name`, in order.
    pub fn matching(&self, name: &str) -> Vec<usize> {
        // Most names end and start unlike every pattern: told by the buckets alone, before
        // the memo's lock and its hashing of the name.
        if !self.could_match(name) {
            return Vec::new();
        }
        if let Some(found) = self.memo.lock().ok().and_then(|m| m.get(name).cloned()) {
            return found.into_vec();
        }
        let found = self.matching_afresh(name);
        if name.len() <= MEMO_NAME_MAX
            && let Ok(mut memo) = self.memo.lock()
            && memo.len() < MEMO_LIMIT
        {
            memo.insert(name.into(), found.clone().into_boxed_slice());
        }
        found
    }

    /// The (branch, ending) pairs filed under `name`'s last bytes: the only endings it can
    /// have.
    fn endings_for(&self, name: &str) -> impl Iterator<Item = &(u32, Box<str>)> {
        let bytes = name.as_bytes();
        let by_tail = match bytes {
            [.., a, b] => self.by_tail.get(&[*a, *b]).map_or(&[][..], Vec::as_slice),
            _ => &[],
        };
        let by_byte = bytes
            .last()
            .map_or(&[][..], |&b| self.by_byte[usize::from(b)].as_slice());
        by_tail.iter().chain(by_byte)
    }

    /// Whether some pattern's ending and heads let `name` in (a pattern without either
    /// always may): what `matching_afresh` tests before any pattern's own test.
    fn could_match(&self, name: &str) -> bool {
        if !self.rest.is_empty() {
            return true;
        }
        self.endings_for(name).any(|(branch, ending)| {
            let heads = &self.branches[*branch as usize].1;
            name.ends_with(&**ending) && heads.as_ref().is_none_or(|h| starts_with_any(name, h))
        }) || self
            .headed
            .iter()
            .any(|(_, heads)| starts_with_any(name, heads))
    }

    fn matching_afresh(&self, name: &str) -> Vec<usize> {
        let mut found: Vec<usize> = Vec::new();
        for (branch, ending) in self.endings_for(name) {
            let (index, heads) = &self.branches[*branch as usize];
            let index = *index as usize;
            if name.ends_with(&**ending)
                && heads.as_ref().is_none_or(|h| starts_with_any(name, h))
                && !found.contains(&index)
                && self.matches(index, name)
            {
                found.push(index);
            }
        }
        for (index, heads) in &self.headed {
            let index = *index as usize;
            if starts_with_any(name, heads) && self.matches(index, name) {
                found.push(index);
            }
        }
        if !self.rest.is_empty()
            && let Some(set) = self.rest_set()
            && set.is_match(name.as_bytes())
        {
            let mut matched = PatternSet::new(set.pattern_len());
            set.which_overlapping_matches(&Input::new(name.as_bytes()), &mut matched);
            found.extend(matched.iter().map(|p| self.rest[p.as_usize()] as usize));
        }
        found.sort_unstable();
        found
    }

    /// Whether pattern `index` matches `name`, readying it first if no name has yet.
    fn matches(&self, index: usize, name: &str) -> bool {
        match self.test(index) {
            Some(Test::Literals(literals)) => literals.is_match(name.as_bytes()),
            Some(Test::Nfa(vm)) => vm.is_match(&mut vm.create_cache(), name.as_bytes()),
            None => false,
        }
    }

    fn test(&self, index: usize) -> Option<&Test> {
        self.compiled[index]
            .get_or_init(|| {
                // The literals hold for the reading without Unicode, which is this one.
                if let Some(literals) = Literals::of(&self.patterns[index]) {
                    return Some(Test::Literals(literals));
                }
                PikeVM::builder()
                    .syntax(syntax::Config::new().unicode(false).utf8(false))
                    .thompson(thompson::Config::new().which_captures(WhichCaptures::Implicit))
                    .build(&self.patterns[index])
                    .map_err(|e| tracing::warn!("taint sinks: {e}"))
                    .ok()
                    .map(Test::Nfa)
            })
            .as_ref()
    }
}

/// How one pattern is tested against a name.
enum Test {
    Literals(Literals),
    Nfa(PikeVM),
}

fn starts_with_any(name: &str, heads: &[Box<str>]) -> bool {
    heads.iter().any(|head| name.starts_with(&**head))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Over the built-in sinks of every family: each name's patterns are what one set of
    /// them all (the set this replaced) says, and a pattern with endings matches only
    /// names that end with one of them.
    #[test]
    fn matches_as_one_set_of_every_pattern_does() {
        let catalog = crate::detect::analyze::Catalog::builtin().expect("built-in rules");
        let mut families: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for rule in catalog.rules.iter() {
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
                // Asked again, the remembered answer is the same.
                assert_eq!(ours.matching(&name), expected, "{name} again");
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

    /// A name that ends in a call (a function a library call made: `bent()`) matches
    /// a pattern spelling the parentheses.
    #[test]
    fn names_ending_in_a_call_match() {
        let set = NameSet::new(&[r"^(urllib\.(request|curl)|bent\(\))$".to_string()]);
        assert_eq!(set.matching("bent()"), vec![0]);
        assert_eq!(set.matching("urllib.curl"), vec![0]);
        assert_eq!(set.matching("bent"), Vec::<usize>::new());
    }

    /// A name longer than `MEMO_NAME_MAX` (a callee spelled as a whole expression) is
    /// answered but not remembered, so a long-lived process does not keep such texts.
    #[test]
    fn long_names_are_answered_but_not_remembered() {
        let set = NameSet::new(&[r"(^|\.)system$".to_string()]);
        let long = format!("{}.system", "x".repeat(MEMO_NAME_MAX));
        assert_eq!(set.matching(&long), vec![0]);
        assert_eq!(set.matching("os.system"), vec![0]);
        assert_eq!(set.matching("os.popen"), Vec::<usize>::new());
        let memo = set.memo.lock().expect("memo");
        // A name no pattern's ending lets in is answered without the memo.
        assert!(memo.contains_key("os.system") && !memo.contains_key("os.popen"));
        assert!(!memo.contains_key(long.as_str()));
    }
}
