//! `glob`: files whose path matches a glob, .gitignore-aware.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::parse::paths::relative;
use crate::tools::coding::grep::walk;
use crate::tools::{Answer, Control, Kind, ToolError, TypedTool, Workspace};

pub struct Glob;

const DEFAULT_MAX: usize = 500;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Glob over root-relative paths, e.g. `**/*.py`, `src/**/test_*.ts`, `*.toml`.
    pub pattern: String,
    /// Folder to look in, relative to the root (default: everything).
    pub path: Option<String>,
    /// Most paths to return (default 500).
    pub max_results: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub files: Vec<String>,
    pub total: usize,
    pub truncated: bool,
}

impl TypedTool for Glob {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "glob";
    const DESCRIPTION: &'static str = "List files whose root-relative path matches a glob (`**/*.py`), .gitignore-aware, sorted by path.";
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
        let matcher = globset::GlobBuilder::new(&args.pattern)
            .literal_separator(true)
            .build()
            .map_err(|e| {
                ToolError::Invalid(format!("`{}` is not a valid glob: {e}", args.pattern))
            })?
            .compile_matcher();
        control.check()?;
        let root = ws.root();
        // A pattern without a folder part matches file names anywhere (`*.toml`).
        let by_name = !args.pattern.contains('/');
        let all: Vec<String> = walk(root, &base)
            .into_iter()
            .filter(|e| {
                matcher.is_match(relative(root, e.path()))
                    || (by_name && e.path().file_name().is_some_and(|n| matcher.is_match(n)))
            })
            .map(|e| relative(root, e.path()))
            .collect();
        let max = args.max_results.unwrap_or(DEFAULT_MAX).max(1);
        let total = all.len();
        let files: Vec<String> = all.into_iter().take(max).collect();
        let truncated = total > files.len();
        let mut text = if files.is_empty() {
            format!("no file matches `{}`", args.pattern)
        } else {
            files.join("\n")
        };
        if truncated {
            text.push_str(&format!(
                "\n… {} more (narrow the pattern)",
                total - files.len()
            ));
        }
        Ok(Answer {
            text,
            data: Output {
                files,
                total,
                truncated,
            },
            next: Vec::new(),
        })
    }
}
