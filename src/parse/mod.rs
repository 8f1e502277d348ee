//! Parsing: walk the tree, then parse each file in parallel into `FileFacts`.
//! Parsing never fails: a file with syntax errors yields what parsed plus diagnostics.

pub mod captures;
pub mod docs;
mod expand;
pub mod extract;
pub mod facts;
pub mod flat;
pub mod flow;
pub mod git_excludes;
pub mod guard;
pub mod later;
pub mod paths;
pub mod query;
pub mod recent;
pub mod walk;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;

use tree_sitter::Parser;

use crate::lang::LangId;
pub use facts::*;
pub use later::{LaterPass, Local};
pub use walk::{SkipReason, Skipped, SourceFile, Walk};

/// Bytes looked at to decide whether a file is binary.
const BINARY_SNIFF: usize = 8192;

thread_local! {
    /// One parser per language per thread: parsers are not `Sync` and cheap to keep.
    static PARSERS: RefCell<HashMap<LangId, Parser>> = RefCell::new(HashMap::new());
}

/// Reads a file for parsing; binary content is refused.
pub fn read_source(path: &Path) -> Result<Vec<u8>, SkipReason> {
    let bytes =
        std::fs::read(path).map_err(|err| SkipReason::Unreadable(err.kind().to_string()))?;
    if bytes[..bytes.len().min(BINARY_SNIFF)].contains(&0) {
        return Err(SkipReason::Binary);
    }
    Ok(bytes)
}

pub fn hash(bytes: &[u8]) -> [u8; 32] {
    *blake3::hash(bytes).as_bytes()
}

/// A file's encoded local-pass results, shared between refreshes.
pub type LocalBytes = std::sync::Arc<[u8]>;

/// Work done on each freshly parsed tree besides extraction (the detectors' file-local
/// pass). Its output is opaque here and cached beside the facts under `key()`, so a new
/// rule set invalidates exactly these results.
pub trait LocalPass: Send + Sync {
    /// Changes whenever `run` could give a different answer for the same file.
    fn key(&self) -> [u8; 32];
    fn run(
        &self,
        language: LangId,
        source: &str,
        tree: &flat::FlatTree<'_>,
        facts: &FileFacts,
    ) -> Vec<u8>;
    /// Readies what `run` needs for `language` (done by the first file otherwise).
    fn prepare(&self, _language: LangId) {}
    /// The walk found a first file of `language`: a pass may start readying it on the core
    /// the walk leaves free, instead of after the walk, when parsing waits for it.
    fn saw(&self, _language: LangId) {}
    /// The results of every file parsed this run, by path, given while the graph is
    /// resolved in full (a live engine's patch does not): a pass may start reading them.
    fn fresh_results(&self, _results: &std::collections::HashMap<String, LocalBytes>) {}
}

/// What `text.lines().count()` answers, by counting newlines in bulk instead of finding
/// each line (which costs a search call per line).
pub fn line_count(text: &str) -> usize {
    let bytes = text.as_bytes();
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    newlines + usize::from(bytes.last().is_some_and(|&b| b != b'\n'))
}

/// The lines of `text`, exactly as `str::lines` splits them (`\r\n` ends a line too, no
/// empty line after a final newline), found by one bulk newline search instead of one
/// search per line.
pub fn lines(text: &str) -> impl Iterator<Item = &str> + '_ {
    let mut start = 0;
    let ends = memchr::memchr_iter(b'\n', text.as_bytes())
        .map(Some)
        .chain(std::iter::once(None));
    ends.filter_map(move |end| {
        // Only a line ended by `\n` drops a `\r` before it (as `str::lines` does).
        let line = match end {
            Some(end) => text[start..end]
                .strip_suffix('\r')
                .unwrap_or(&text[start..end]),
            None if start < text.len() => &text[start..],
            None => return None,
        };
        start = end.map_or(text.len(), |end| end + 1);
        Some(line)
    })
}

/// Parses one file's bytes into facts. Never fails.
pub fn parse_bytes(path: &str, language: LangId, bytes: &[u8], hash: [u8; 32]) -> FileFacts {
    parse_bytes_with(path, language, bytes, hash, None, None).0
}

/// Parses one file's bytes into facts and runs `pass` over the same tree. With `recent`,
/// re-parses incrementally from the file's last tree when it is kept there (and keeps the
/// new one).
pub fn parse_bytes_with(
    path: &str,
    language: LangId,
    bytes: &[u8],
    hash: [u8; 32],
    pass: Option<&dyn LocalPass>,
    recent: Option<&recent::RecentTrees>,
) -> (FileFacts, Option<Vec<u8>>) {
    let (facts, local, _) = parse_guarded(path, language, bytes, hash, pass, recent, false);
    (facts, local.and_then(Local::now))
}

/// `parse_bytes_with` for the engine: a file refused before parsing, or whose parse ran
/// past `PARSE_TIME_LIMIT`, is an error to skip it by (and not cache what it gave).
pub fn parse_checked(
    path: &str,
    language: LangId,
    bytes: &[u8],
    hash: [u8; 32],
    pass: Option<&dyn LocalPass>,
    recent: Option<&recent::RecentTrees>,
) -> Result<(FileFacts, Option<Vec<u8>>), SkipReason> {
    parse_for_engine(path, language, bytes, hash, pass, recent, false)
        .map(|(facts, local)| (facts, local.and_then(Local::now)))
}

/// `parse_checked` that, with `later`, keeps the tree for `pass` to run over afterwards
/// (`Local::Later`) instead of running it now.
pub fn parse_for_engine(
    path: &str,
    language: LangId,
    bytes: &[u8],
    hash: [u8; 32],
    pass: Option<&dyn LocalPass>,
    recent: Option<&recent::RecentTrees>,
    later: bool,
) -> Result<(FileFacts, Option<Local>), SkipReason> {
    match parse_guarded(path, language, bytes, hash, pass, recent, later) {
        (facts, local, None) => Ok((facts, local)),
        (_, _, Some(reason)) => Err(reason),
    }
}

/// Longest a parse may run before it is called off. The guard bounds what a file can make
/// extraction cost; this is the last resort against the parser itself, so it is generous:
/// no real file comes near it (`tests/it/hostile.rs` prints the slowest generated ones).
pub const PARSE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(5);

thread_local! {
    /// `PARSE_TIME_LIMIT`, unless a test on this thread lowered it.
    static TIME_LIMIT: std::cell::Cell<std::time::Duration> =
        const { std::cell::Cell::new(PARSE_TIME_LIMIT) };
}

/// This thread's parse time limit.
pub(crate) fn time_limit() -> std::time::Duration {
    TIME_LIMIT.with(std::cell::Cell::get)
}

/// Sets this thread's parse time limit (tests: a limit of zero calls every parse off).
pub fn set_time_limit(limit: std::time::Duration) {
    TIME_LIMIT.with(|cell| cell.set(limit));
}

/// Facts (with a diagnostic when the file was not parsed), local results, and why the file
/// should be skipped, if it should.
fn parse_guarded(
    path: &str,
    language: LangId,
    bytes: &[u8],
    hash: [u8; 32],
    pass: Option<&dyn LocalPass>,
    recent: Option<&recent::RecentTrees>,
    later: bool,
) -> (FileFacts, Option<Local>, Option<SkipReason>) {
    let (text, lossy) = match std::str::from_utf8(bytes) {
        Ok(text) => (std::borrow::Cow::Borrowed(text), false),
        Err(_) => (String::from_utf8_lossy(bytes), true),
    };
    let lines = line_count(&text) as u32;
    let mut facts = FileFacts {
        hash,
        lines,
        bytes: bytes.len() as u64,
        lossy,
        ..FileFacts::empty(path, language)
    };
    if lossy {
        facts.diagnostics.push(Diagnostic {
            line: 1,
            column: 1,
            message: "not valid UTF-8; decoded lossily".into(),
        });
    }
    if let Some(reason) = guard::refuse(language, bytes) {
        facts.diagnostics.push(Diagnostic {
            line: 1,
            column: 1,
            message: format!("not parsed: {reason}"),
        });
        return (facts, None, Some(reason));
    }
    let query = match captures::compiled(language) {
        Ok(query) => query,
        Err(err) => {
            facts.diagnostics.push(Diagnostic {
                line: 1,
                column: 1,
                message: err,
            });
            return (facts, None, None);
        }
    };
    let started = std::time::Instant::now();
    let limit = TIME_LIMIT.with(std::cell::Cell::get);
    let tree = parse_tree(path, language, &text, recent, started, limit);
    let Some(tree) = tree else {
        let reason = (started.elapsed() > limit).then_some(SkipReason::TooSlow {
            limit_ms: limit.as_millis() as u64,
        });
        facts.diagnostics.push(Diagnostic {
            line: 1,
            column: 1,
            message: match &reason {
                Some(reason) => format!("not parsed: {reason}"),
                None => "the parser gave up on this file".into(),
            },
        });
        return (facts, None, reason);
    };
    if let Some(recent) = recent {
        recent.remember(path, language, text.as_bytes(), &tree);
    }
    let flat = flat::FlatTree::new(&tree, language);
    extract::extract(language, query, &text, &tree, &flat, &mut facts);
    if language == LangId::Rust {
        expand::expand(query, &text, &tree, &mut facts);
    }
    let local = match pass {
        Some(pass) if !later => Some(Local::Now(pass.run(language, &text, &flat, &facts))),
        Some(_) => {
            drop(flat);
            Some(LaterPass::keep(language, text.into_owned(), tree))
        }
        None => None,
    };
    (facts, local, None)
}

/// Parses `text` with this thread's parser for `language`, incrementally from the kept
/// tree when `recent` has one; `None` when the parse ran past `limit` or failed.
pub(crate) fn parse_tree(
    path: &str,
    language: LangId,
    text: &str,
    recent: Option<&recent::RecentTrees>,
    started: std::time::Instant,
    limit: std::time::Duration,
) -> Option<tree_sitter::Tree> {
    PARSERS.with(|parsers| {
        let mut parsers = parsers.borrow_mut();
        let parser = match parsers.entry(language) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => {
                let mut parser = Parser::new();
                parser.set_language(&(language.spec().grammar)()).ok()?;
                e.insert(parser)
            }
        };
        let old = recent.and_then(|r| r.edited(path, language, text.as_bytes()));
        let source = text.as_bytes();
        let mut over = |_: &tree_sitter::ParseState| {
            if started.elapsed() > limit {
                std::ops::ControlFlow::Break(())
            } else {
                std::ops::ControlFlow::Continue(())
            }
        };
        let tree = parser.parse_with_options(
            &mut |at, _| source.get(at..).unwrap_or_default(),
            old.as_ref(),
            Some(tree_sitter::ParseOptions::new().progress_callback(&mut over)),
        );
        if tree.is_none() {
            // A parse called off would otherwise resume with the next file's text.
            parser.reset();
        }
        tree
    })
}

/// Compiles the queries of these languages, and `pass`'s rules for them, in parallel, one
/// job each. Done lazily, the first file of each language would compile them while the
/// other threads wait; and with one language, queries then rules would leave a core idle.
pub fn prepare(languages: &std::collections::BTreeSet<LangId>, pass: Option<&dyn LocalPass>) {
    use rayon::prelude::*;
    let queries = languages.iter().map(|&language| (language, None));
    let rules = pass.into_iter().flat_map(|pass| {
        languages
            .iter()
            .map(move |&language| (language, Some(pass)))
    });
    let jobs: Vec<(LangId, Option<&dyn LocalPass>)> = queries.chain(rules).collect();
    jobs.par_iter()
        .with_max_len(1)
        .for_each(|&(language, pass)| match pass {
            Some(pass) => pass.prepare(language),
            None => {
                let _ = captures::compiled(language);
            }
        });
}

/// Reads and parses one file (and runs `pass` over it).
pub fn parse_file(
    file: &SourceFile,
    pass: Option<&dyn LocalPass>,
) -> Result<(FileFacts, Option<Vec<u8>>), SkipReason> {
    let bytes = read_source(&file.abs)?;
    let hash = hash(&bytes);
    parse_checked(&file.path, file.language, &bytes, hash, pass, None)
}

/// Only tree-sitter, no extraction: the floor the full pipeline is measured against.
pub fn parse_only(language: LangId, bytes: &[u8]) -> usize {
    if guard::refuse(language, bytes).is_some() {
        return 0;
    }
    PARSERS.with(|parsers| {
        let mut parsers = parsers.borrow_mut();
        let parser = parsers.entry(language).or_insert_with(Parser::new);
        if parser.language().is_none() && parser.set_language(&(language.spec().grammar)()).is_err()
        {
            return 0;
        }
        parser
            .parse(bytes, None)
            .map_or(0, |tree| tree.root_node().descendant_count())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parse past the time limit is called off and reported as too slow, and the next
    /// parse on the same thread starts afresh rather than resuming the one called off.
    #[test]
    fn a_parse_past_the_time_limit_is_called_off_and_the_parser_recovers() {
        let slow = "def f(x):\n    return [x * 2 for x in range(10)]\n".repeat(2_000);
        set_time_limit(std::time::Duration::ZERO);
        let refused = parse_checked(
            "slow.py",
            LangId::Python,
            slow.as_bytes(),
            [0; 32],
            None,
            None,
        );
        set_time_limit(PARSE_TIME_LIMIT);
        assert!(
            matches!(refused, Err(SkipReason::TooSlow { limit_ms: 0 })),
            "{:?}",
            refused.map(|(f, _)| f.symbols.len())
        );
        let small = "def g():\n    pass\n";
        let (facts, _) = parse_checked(
            "small.py",
            LangId::Python,
            small.as_bytes(),
            [0; 32],
            None,
            None,
        )
        .unwrap();
        assert_eq!(facts.symbols.len(), 1);
        assert_eq!(facts.symbols[0].name, "g");
        assert!(facts.diagnostics.is_empty(), "{:?}", facts.diagnostics);
    }

    /// `lines` and `line_count` answer what `str::lines` does, line endings and the last
    /// line's edge cases included.
    #[test]
    fn lines_split_as_str_lines_does() {
        let texts = [
            "",
            "a",
            "a\n",
            "a\r\n",
            "\n",
            "\n\n",
            "\r\n",
            "a\r",
            "a\nb",
            "a\r\nb\r\n\r\nc",
            "ü\n\nœ\r",
            "x\n\r\n",
        ];
        for text in texts {
            assert_eq!(
                super::lines(text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>(),
                "{text:?}"
            );
            assert_eq!(super::line_count(text), text.lines().count(), "{text:?}");
        }
    }
}
