//! `grep`: a regex search over the working tree with ripgrep's own crates — .gitignore-aware,
//! in-process, with context lines.

use std::io;
use std::sync::Arc;

use grep_regex::RegexMatcherBuilder;
use grep_searcher::{BinaryDetection, Searcher, SearcherBuilder, Sink, SinkContext, SinkMatch};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::tools::{Answer, Control, Kind, ToolError, TypedTool, Workspace};

pub struct Grep;

const DEFAULT_MAX: usize = 100;
const MOST_CONTEXT: usize = 10;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Regular expression (Rust regex syntax, as ripgrep).
    pub pattern: String,
    /// Folder or file to search, relative to the root (default: everything).
    pub path: Option<String>,
    /// Only files whose path matches this glob, e.g. `*.py` or `src/**/*.ts`.
    pub glob: Option<String>,
    /// Lines of context before and after each match (0–10).
    #[serde(default)]
    pub context: usize,
    /// Match letters in either case.
    #[serde(default)]
    pub case_insensitive: bool,
    /// Most matching lines to return (default 100).
    pub max_results: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Line {
    pub path: String,
    pub line: u64,
    pub text: String,
    /// A context line rather than a match.
    pub context: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub matches: usize,
    pub files: usize,
    pub truncated: bool,
    pub lines: Vec<Line>,
}

struct Collect<'a> {
    path: &'a str,
    lines: &'a mut Vec<Line>,
    matches: &'a mut usize,
    max: usize,
}

impl Sink for Collect<'_> {
    type Error = io::Error;

    fn matched(&mut self, _searcher: &Searcher, found: &SinkMatch<'_>) -> Result<bool, io::Error> {
        *self.matches += 1;
        self.push(found.line_number(), found.bytes(), false);
        Ok(*self.matches < self.max)
    }

    fn context(
        &mut self,
        _searcher: &Searcher,
        context: &SinkContext<'_>,
    ) -> Result<bool, io::Error> {
        self.push(context.line_number(), context.bytes(), true);
        Ok(true)
    }
}

impl Collect<'_> {
    fn push(&mut self, line: Option<u64>, bytes: &[u8], context: bool) {
        let text = String::from_utf8_lossy(bytes)
            .trim_end_matches(['\n', '\r'])
            .chars()
            .take(500)
            .collect();
        self.lines.push(Line {
            path: self.path.to_string(),
            line: line.unwrap_or(0),
            text,
            context,
        });
    }
}

impl TypedTool for Grep {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "grep";
    const DESCRIPTION: &'static str = "Search file contents with a regex (.gitignore-aware, ripgrep's engine), with optional context lines and a path glob. For who calls or imports a symbol, find_callers / list_importers are exact where grep guesses.";
    const KIND: Kind = Kind::Coding;

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let base = match args.path.as_deref() {
            Some(p) if !p.trim().is_empty() => ws.confine(p)?,
            _ => String::new(),
        };
        let matcher = RegexMatcherBuilder::new()
            .case_insensitive(args.case_insensitive)
            .build(&args.pattern)
            .map_err(|e| {
                ToolError::Invalid(format!(
                    "pattern `{}` is not a valid regex: {e}",
                    args.pattern
                ))
            })?;
        let filter = args
            .glob
            .as_deref()
            .map(|g| {
                globset::GlobBuilder::new(g)
                    .literal_separator(false)
                    .build()
                    .map(|g| g.compile_matcher())
            })
            .transpose()
            .map_err(|e| ToolError::Invalid(format!("glob: {e}")))?;
        let context = args.context.min(MOST_CONTEXT);
        let max = args.max_results.unwrap_or(DEFAULT_MAX).max(1);
        let mut searcher = SearcherBuilder::new()
            .line_number(true)
            .before_context(context)
            .after_context(context)
            .binary_detection(BinaryDetection::quit(0))
            .build();
        let root = ws.root().to_path_buf();
        let mut lines = Vec::new();
        let mut matches = 0;
        let mut files = 0;
        for entry in walk(&root, &base) {
            control.check()?;
            let relative = crate::parse::paths::relative(&root, entry.path());
            if filter.as_ref().is_some_and(|g| {
                !g.is_match(&relative) && !entry.path().file_name().is_some_and(|n| g.is_match(n))
            }) {
                continue;
            }
            let before = matches;
            let sink = Collect {
                path: &relative,
                lines: &mut lines,
                matches: &mut matches,
                max,
            };
            // An unreadable file is skipped, as ripgrep does.
            let _ = searcher.search_path(&matcher, entry.path(), sink);
            if matches > before {
                files += 1;
            }
            if matches >= max {
                break;
            }
        }
        let truncated = matches >= max;
        let mut text = String::new();
        for line in &lines {
            text.push_str(&format!(
                "{}{}{}{}{}\n",
                line.path,
                if line.context { '-' } else { ':' },
                line.line,
                if line.context { '-' } else { ':' },
                line.text
            ));
        }
        if matches == 0 {
            text = format!("no match for `{}`\n", args.pattern);
        } else {
            text.push_str(&format!(
                "{matches} matching line(s) in {files} file(s){}",
                if truncated {
                    " — stopped at max_results; narrow the pattern or path"
                } else {
                    ""
                }
            ));
        }
        Ok(Answer {
            text,
            data: Output {
                matches,
                files,
                truncated,
                lines,
            },
            next: Vec::new(),
        })
    }
}

/// Files under `base` (root-relative; empty = root) in path order, honouring .gitignore,
/// .ignore and .repotoireignore, never inside `.git` or `.repotoire`.
pub fn walk(root: &std::path::Path, base: &str) -> Vec<ignore::DirEntry> {
    let start = if base.is_empty() {
        root.to_path_buf()
    } else {
        crate::parse::paths::absolute(root, base)
    };
    let skip: Arc<[&str]> = Arc::from([".git", ".repotoire"]);
    let mut entries: Vec<ignore::DirEntry> = ignore::WalkBuilder::new(start)
        .add_custom_ignore_filename(".repotoireignore")
        .require_git(false)
        .filter_entry(move |e| !e.file_name().to_str().is_some_and(|n| skip.contains(&n)))
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .collect();
    entries.sort_by(|a, b| a.path().cmp(b.path()));
    entries
}
