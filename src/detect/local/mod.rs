//! The file-local pass: runs inside the engine's parse, over the tree that was just built,
//! so no file is parsed twice. It matches every declarative rule of the file's language in
//! one tree walk, runs the Rust-coded file-local detectors and the intra-procedural taint
//! analysis on what that walk collected, and records suppression comments. Its results are
//! cached per file under a key of the whole rule set, so config changes never re-parse.

mod commented_out_code;
mod constant_names;
mod enclosing;
mod file_marks;
mod floating_promise;
mod functions;
mod hardcoded_secret;
mod imports;
mod inconsistent_return;
mod key;
mod late_binding;
mod lock_across_await;
mod named_functions;
mod path_setter;
mod recursive_merge;
mod rule_filters;
mod rules;
mod secret_names;
mod statements;
mod suppressions;
pub mod taint;
mod todo_comment;
mod too_many_returns;
mod truncating_cast;
mod unused_import;
pub use unused_import::name as unused_import_name;
mod unused_variable;
pub mod windows;
mod words;

pub use rules::RuleQuery;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use tree_sitter::{Node, Tree};

use crate::detect::finding::Severity;
use crate::detect::rule::Rule;
use crate::lang::LangId;
use crate::parse::flat::FlatTree;
use crate::parse::{FileFacts, LocalPass};

/// A finding made inside one file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hit {
    pub rule: String,
    pub line: u32,
    pub end_line: u32,
    pub column: u32,
    pub message: String,
    /// When the detector decides the severity itself (taint: source vs parameter).
    pub severity: Option<Severity>,
    /// The steps of a data flow, in order.
    pub flow: Vec<Waypoint>,
    /// The measured value, for detectors with a threshold (reported only above it).
    pub value: Option<f64>,
    /// A dangerous sink fed by a value of unknown origin: reported only when auditing.
    pub audit: bool,
}

/// One step of a hit's data flow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waypoint {
    pub line: u32,
    pub note: String,
    /// The file the step is in, where it is not the hit's own (a flow through a function
    /// of another file).
    pub file: Option<String>,
}

impl From<(u32, String)> for Waypoint {
    fn from((line, note): (u32, String)) -> Waypoint {
        Waypoint {
            line,
            note,
            file: None,
        }
    }
}

/// `repotoire: ignore[ids]` on `line` (covers that line and the next) or, with `file`,
/// `ignore-file[ids]` for the whole file. No ids: every detector.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suppression {
    pub line: u32,
    pub ids: Vec<String>,
    pub file: bool,
}

/// Everything the pass found in one file.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct LocalResults {
    pub hits: Vec<Hit>,
    pub suppressions: Vec<Suppression>,
    pub taint: taint::FileTaint,
    /// Hashes of token-normalised line windows: (hash, first line, last line).
    pub windows: Vec<(u64, u32, u32)>,
    /// The source text of each line a hit points at, by line (for excerpts).
    pub lines: Vec<(u32, String)>,
    /// Import lines that never run (Python `if TYPE_CHECKING:`, TS `import type`): they
    /// cannot take part in an import cycle.
    pub type_only: Vec<u32>,
    /// Lines of definitions carrying a decorator or attribute (framework hooks).
    pub decorated: Vec<u32>,
    /// Generated or minified: findings here are not reported (like vendored code).
    pub generated: bool,
    /// Line ranges of test code inside the file (Rust `#[cfg(test)]` modules, `#[test]`
    /// functions): treated as test files are.
    pub test_ranges: Vec<(u32, u32)>,
    /// Lines (of those with hits) too long to be written by hand: minified code, treated
    /// as generated code is.
    pub minified: Vec<u32>,
    /// Python's `from m import name`: (line, name), so that a name another file imports
    /// from a module counts as used there (`graph::reexports`).
    pub imported: Vec<(u32, String)>,
}

impl LocalResults {
    /// Whether `line` is in test code inside the file.
    pub fn in_test_code(&self, line: u32) -> bool {
        self.test_ranges
            .iter()
            .any(|&(from, to)| (from..=to).contains(&line))
    }
}

impl LocalResults {
    pub fn decode(bytes: &[u8]) -> Option<LocalResults> {
        postcard::from_bytes(bytes).ok()
    }
}

/// Nodes the single walk collects for the Rust-coded detectors.
#[derive(Default)]
pub struct Collected<'t> {
    /// Flat-tree indices (their texts are read: a slice each, no tree-sitter call).
    pub comments: Vec<u32>,
    pub functions: Vec<Node<'t>>,
    /// Flat-tree indices (numerous, and their texts are read: kept small and direct).
    pub strings: Vec<u32>,
    pub identifiers: Vec<u32>,
    pub returns: Vec<Node<'t>>,
}

/// What a Rust-coded local detector sees.
pub struct Ctx<'a, 't> {
    pub language: LangId,
    pub source: &'a str,
    /// The root of the file's syntax tree.
    pub root: Node<'t>,
    /// The same tree read into arrays: parents, subtrees and kinds without tree-sitter calls.
    pub flat: &'a FlatTree<'t>,
    pub facts: &'a FileFacts,
    pub collected: &'a Collected<'t>,
    /// Per collected function: (returns, bare returns, returns with a value); counted
    /// once for the detectors that need it.
    pub returns: std::cell::OnceCell<Vec<(u32, u32, u32)>>,
    /// Byte offset where each line starts, found once for the detectors that read lines.
    pub line_starts: std::cell::OnceCell<Vec<usize>>,
}

impl<'t> Ctx<'_, 't> {
    pub fn text(&self, node: Node<'_>) -> &str {
        self.source.get(node.byte_range()).unwrap_or("")
    }

    /// Line `number` (1-based) without its line break; "" past the end.
    pub fn line(&self, number: u32) -> &str {
        let starts = self.line_starts.get_or_init(|| {
            std::iter::once(0)
                .chain(memchr::memchr_iter(b'\n', self.source.as_bytes()).map(|i| i + 1))
                .collect()
        });
        let Some(&start) = starts.get((number as usize).wrapping_sub(1)) else {
            return "";
        };
        let end = starts
            .get(number as usize)
            .map_or(self.source.len(), |&next| next - 1);
        self.source
            .get(start..end)
            .map_or("", |l| l.strip_suffix('\r').unwrap_or(l))
    }

    /// `node`'s child under field `name`.
    pub fn child<'n>(&self, node: Node<'n>, name: &str) -> Option<Node<'n>> {
        crate::parse::flat::field_child(self.language, node, name)
    }
}

type LocalDetector = fn(&Ctx<'_, '_>, &mut Vec<Hit>);

/// The Rust-coded file-local detectors (`engine = "local"`), one line each.
pub const LOCAL_DETECTORS: &[(&str, LocalDetector)] = &[
    ("commented-out-code", commented_out_code::commented_out_code),
    ("floating-promise", floating_promise::floating_promise),
    ("hardcoded-secret", hardcoded_secret::hardcoded_secret),
    (
        "inconsistent-return",
        inconsistent_return::inconsistent_return,
    ),
    ("late-binding-closure", late_binding::late_binding_closure),
    (
        "prototype-pollution-merge",
        recursive_merge::recursive_merge,
    ),
    ("lock-across-await", lock_across_await::lock_across_await),
    ("prototype-pollution-path", path_setter::path_setter),
    ("todo-comment", todo_comment::todo_comment),
    ("too-many-returns", too_many_returns::too_many_returns),
    ("truncating-cast", truncating_cast::truncating_cast),
    ("unused-import", unused_import::unused_import),
    ("unused-variable", unused_variable::unused_variable),
];

pub struct Pass {
    rules: Arc<[Rule]>,
    /// Each language's declarative rules, compiled for its first file (see `new`).
    /// By `LangId`.
    matchers: Vec<OnceLock<Result<rules::LangRules, String>>>,
    local: Vec<(usize, LocalDetector)>,
    sinks: taint::SinkTable,
    key: [u8; 32],
    /// Generated and minified files get no detectors (see `skipping_generated`).
    skip_generated: bool,
    /// Nanoseconds spent per part, summed over files and threads (see `timings`).
    spent: Vec<AtomicU64>,
}

/// Bumped when `LocalResults` changes shape, so results cached before are worked out again.
const RESULTS_FORMAT: u8 = 13;

/// `Pass::spent` slots before the local detectors' (which follow in `Pass::local` order).
const SPENT_RULES: usize = 0;
const SPENT_TAINT: usize = 1;
const SPENT_FILE: usize = 2;
const SPENT_FIXED: usize = 3;

impl Pass {
    /// Compiles every rule for every language. `rules` holds all detectors (any engine).
    pub fn new(rules: &[Rule]) -> Result<Pass, String> {
        Pass::shared(rules.into())
    }

    /// `new` over rules shared with the catalog they came from.
    pub fn shared(rules: Arc<[Rule]>) -> Result<Pass, String> {
        let key = key::key_of(&rules);
        // Compiling a language's rules is most of a small repository's fixed cost, and most
        // repositories hold one or two of the languages: each is compiled when its first
        // file is analysed. A repository's own rules are compiled now as well, so that a
        // mistake in one is reported before any file is read; the embedded ones are held
        // valid for every language by the tests (`compile_all`).
        let own: Vec<Rule> = rules.iter().filter(|r| !r.embedded).cloned().collect();
        if !own.is_empty() {
            for language in crate::lang::LANGUAGES.iter().map(|spec| spec.id) {
                rules::LangRules::new(language, &own)?;
            }
        }
        let matchers = crate::lang::LANGUAGES
            .iter()
            .map(|_| OnceLock::new())
            .collect();
        let local: Vec<(usize, LocalDetector)> = rules
            .iter()
            .enumerate()
            .filter_map(|(index, rule)| {
                LOCAL_DETECTORS
                    .iter()
                    .find(|(id, _)| *id == rule.id)
                    .map(|(_, run)| (index, *run))
            })
            .collect();
        let sinks = taint::SinkTable::new(&rules);
        let spent = (0..SPENT_FIXED + local.len())
            .map(|_| AtomicU64::new(0))
            .collect();
        Ok(Pass {
            rules,
            matchers,
            local,
            sinks,
            key,
            skip_generated: false,
            spent,
        })
    }

    /// A pass that runs no detector on a generated or minified file (`looks_generated`),
    /// whose findings `analyze` drops unless the config includes vendored code: such files
    /// are a fifth of some repositories' code. Its results differ, so does its key.
    pub fn skipping_generated(mut self) -> Pass {
        self.skip_generated = true;
        let mut hasher = blake3::Hasher::new();
        hasher.update(&self.key);
        hasher.update(b"skip generated");
        self.key = *hasher.finalize().as_bytes();
        self
    }

    /// Compiles every language's rules now (what `new` leaves to each language's first file).
    pub fn compile_all(&self) -> Result<(), String> {
        crate::lang::LANGUAGES
            .iter()
            .try_for_each(|spec| self.rules_of(spec.id).map(drop))
    }

    /// Whether `language`'s rules are compiled and its family's sinks built (by `prepare`
    /// or a first file).
    pub fn is_prepared(&self, language: LangId) -> bool {
        self.matchers
            .get(language as usize)
            .is_some_and(|slot| slot.get().is_some())
            && (self.sinks.is_empty() || self.sinks.is_prepared(language.family()))
    }

    fn rules_of(&self, language: LangId) -> Result<&rules::LangRules, String> {
        let slot = self
            .matchers
            .get(language as usize)
            .ok_or_else(|| format!("no rule slot for {}", language.name()))?;
        slot.get_or_init(|| rules::LangRules::new(language, &self.rules))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Time spent so far per part of the pass (CPU time summed over threads, so it can
    /// exceed the wall time): the declarative rules together, each Rust-coded detector,
    /// taint, and the per-file records (suppressions, duplicate windows, excerpts).
    pub fn timings(&self) -> Vec<(String, Duration)> {
        let took = |slot: usize| Duration::from_nanos(self.spent[slot].load(Ordering::Relaxed));
        let mut out = vec![
            ("declarative rules".to_string(), took(SPENT_RULES)),
            ("taint (file-local part)".to_string(), took(SPENT_TAINT)),
            (
                "suppressions, duplicate windows, excerpts".to_string(),
                took(SPENT_FILE),
            ),
        ];
        for (slot, (index, _)) in self.local.iter().enumerate() {
            out.push((self.rules[*index].id.clone(), took(SPENT_FIXED + slot)));
        }
        out
    }

    fn charge(&self, slot: usize, since: Instant) -> Instant {
        let now = Instant::now();
        self.spent[slot].fetch_add((now - since).as_nanos() as u64, Ordering::Relaxed);
        now
    }

    /// Runs the pass on a tree (what fixture tests call).
    pub fn analyse(
        &self,
        language: LangId,
        source: &str,
        tree: &Tree,
        facts: &FileFacts,
    ) -> LocalResults {
        self.analyse_flat(language, source, &FlatTree::new(tree, language), facts)
    }

    /// Runs the pass on a tree already read into arrays (what the engine calls).
    pub fn analyse_flat(
        &self,
        language: LangId,
        source: &str,
        flat: &FlatTree<'_>,
        facts: &FileFacts,
    ) -> LocalResults {
        let mut out = LocalResults::default();
        let mut collected = Collected::default();
        let Some(root) = (!flat.is_empty()).then(|| flat.entry(0).node) else {
            return out;
        };
        let mut clock = Instant::now();
        out.generated = file_marks::looks_generated(source, facts.lines, language.family());
        let detect = !(self.skip_generated && out.generated);
        match self.rules_of(language) {
            Ok(lang_rules) if detect => lang_rules.run(
                &self.rules,
                source,
                flat,
                facts,
                &mut collected,
                &mut out.hits,
            ),
            // Only a combination of rules each valid alone could fail here: said once.
            Err(err) => {
                static SAID: std::sync::Once = std::sync::Once::new();
                SAID.call_once(|| tracing::warn!("detector rules for {}: {err}", language.name()));
            }
            Ok(_) => {}
        }
        clock = self.charge(SPENT_RULES, clock);
        let ctx = Ctx {
            language,
            source,
            root,
            flat,
            facts,
            collected: &collected,
            returns: std::cell::OnceCell::new(),
            line_starts: std::cell::OnceCell::new(),
        };
        // A detector that reports nothing in test code is not run there (`analyze` drops
        // such findings by the same test).
        let test_file = is_test_path(&facts.path);
        for (slot, (index, run)) in self.local.iter().enumerate() {
            let rule = &self.rules[*index];
            if detect && rule.claims(language) && !(rule.skip_tests && test_file) {
                run(&ctx, &mut out.hits);
                clock = self.charge(SPENT_FIXED + slot, clock);
            }
        }
        if detect && !self.sinks.is_empty() {
            out.taint = taint::analyse(&ctx, &self.sinks, &mut out.hits);
            clock = self.charge(SPENT_TAINT, clock);
        }
        out.suppressions = suppressions::suppressions(&ctx);
        if windows::compared(&facts.path) {
            out.windows =
                windows::token_windows(source, language, &file_marks::type_level_lines(&ctx));
        }
        out.type_only = file_marks::type_only_lines(source);
        out.decorated = file_marks::decorated_lines(&ctx);
        out.test_ranges = file_marks::test_ranges(&ctx);
        out.imported = unused_import::imported_names(&ctx);
        let mut wanted: Vec<u32> = out
            .hits
            .iter()
            .map(|h| h.line)
            .chain(out.taint.lines())
            .collect();
        wanted.sort_unstable();
        wanted.dedup();
        out.minified = file_marks::minified_lines(&ctx, &wanted);
        out.lines = wanted
            .into_iter()
            .map(|number| (number, excerpt(ctx.line(number))))
            .collect();
        // Two patterns of one rule can match one node; two names on one import line cannot
        // share a message.
        out.hits.sort_by(|a, b| {
            (a.line, a.column, &a.rule, &a.message).cmp(&(b.line, b.column, &b.rule, &b.message))
        });
        out.hits.dedup_by(|a, b| {
            a.line == b.line && a.column == b.column && a.rule == b.rule && a.message == b.message
        });
        self.charge(SPENT_FILE, clock);
        out
    }
}

/// A source line as shown in reports: trimmed and bounded.
pub fn excerpt(line: &str) -> String {
    let trimmed = line.trim();
    match trimmed.char_indices().nth(160) {
        Some((cut, _)) => format!("{}…", &trimmed[..cut]),
        None => trimmed.to_string(),
    }
}

impl LocalPass for Pass {
    fn key(&self) -> [u8; 32] {
        self.key
    }

    fn run(
        &self,
        language: LangId,
        source: &str,
        flat: &FlatTree<'_>,
        facts: &FileFacts,
    ) -> Vec<u8> {
        postcard::to_stdvec(&self.analyse_flat(language, source, flat, facts)).unwrap_or_default()
    }

    fn prepare(&self, language: LangId) {
        // A rule that fails to compile says so on the first file, as before.
        let _ = self.rules_of(language);
        // The taint side's tables and sink sets, which a file's first call would otherwise
        // build while the other parsing threads wait on them.
        if !self.sinks.is_empty() {
            let family = language.family();
            taint::tables::of(family);
            self.sinks.prepare(family);
        }
    }
}

pub fn line_of(node: Node<'_>) -> u32 {
    node.start_position().row as u32 + 1
}

/// Whether a path is test code by the usual conventions of our languages.
pub fn is_test_path(path: &str) -> bool {
    let file = path.rsplit('/').next().unwrap_or(path);
    path.split('/').any(|part| {
        matches!(
            part,
            "tests"
                | "test"
                | "__tests__"
                | "testing"
                | "spec"
                | "fixtures"
                | "benches"
                | "benchmarks"
                | "examples"
        )
    }) || file.starts_with("test_")
        || file == "conftest.py"
        || file.ends_with("_test.py")
        || file.ends_with("_tests.py")
        || file.ends_with("_test.rs")
        // Rust's `#[cfg(test)] mod tests;` lives in its own file.
        || file == "tests.rs"
        || file.ends_with("_tests.rs")
        || file.ends_with("tests.py")
        || [".test.", ".spec.", "-test.", ".tests."]
            .iter()
            .any(|m| file.contains(m))
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod test_paths {
    use super::is_test_path;

    #[test]
    fn test_files_are_told_by_folder_and_name() {
        for path in [
            "tests/a.py",
            "pkg/test_a.py",
            "src/runtime/io/driver/uring/tests.rs",
            "src/sync/mpsc_tests.rs",
            "web/a.spec.ts",
        ] {
            assert!(is_test_path(path), "{path}");
        }
        for path in [
            "src/lib.rs",
            "src/contest.rs",
            "pkg/latest.py",
            "src/attests.rs",
        ] {
            assert!(!is_test_path(path), "{path}");
        }
    }
}
