//! `read_file`: a file's lines, numbered, from an offset, up to a limit.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::tools::{Answer, Control, Hint, Kind, ToolError, TypedTool, Workspace};

pub struct ReadFile;

/// Lines returned when no limit is given.
const DEFAULT_LIMIT: usize = 400;
/// Longest line shown whole.
const LONGEST_LINE: usize = 2_000;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// File path relative to the repository root.
    pub path: String,
    /// First line to return (1-based; default 1).
    pub offset: Option<usize>,
    /// How many lines (default 400).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub path: String,
    pub first_line: usize,
    pub last_line: usize,
    pub total_lines: usize,
    pub content: String,
}

impl TypedTool for ReadFile {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "read_file";
    const DESCRIPTION: &'static str = "Read a file's lines with line numbers (offset/limit to page through long files). For what a file defines, file_outline is cheaper.";
    const KIND: Kind = Kind::Coding;

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let path = ws.confine(&args.path)?;
        let full = crate::parse::paths::absolute(ws.root(), &path);
        if full.is_dir() {
            return Err(ToolError::Invalid(format!(
                "`{path}` is a folder; use glob to list files"
            )));
        }
        let bytes = std::fs::read(&full)
            .map_err(|e| ToolError::Invalid(format!("cannot read `{path}`: {e}")))?;
        if bytes.iter().take(8000).any(|&b| b == 0) {
            return Err(ToolError::Invalid(format!(
                "`{path}` is a binary file ({} bytes)",
                bytes.len()
            )));
        }
        let text = String::from_utf8_lossy(&bytes);
        let lines: Vec<&str> = text.lines().collect();
        let first = args.offset.unwrap_or(1).max(1);
        let limit = args.limit.unwrap_or(DEFAULT_LIMIT).max(1);
        if first > lines.len().max(1) {
            return Err(ToolError::Invalid(format!(
                "`{path}` has {} lines; offset {first} is past the end",
                lines.len()
            )));
        }
        let last = (first + limit - 1).min(lines.len());
        let width = last.to_string().len();
        let mut content = String::new();
        for (i, line) in lines.iter().enumerate().take(last).skip(first - 1) {
            let shown: String = if line.len() > LONGEST_LINE {
                format!(
                    "{}… [line cut at {LONGEST_LINE} bytes]",
                    &line[..floor(line, LONGEST_LINE)]
                )
            } else {
                (*line).to_string()
            };
            content.push_str(&format!("{:>width$}\t{shown}\n", i + 1));
        }
        let mut next = Vec::new();
        if last < lines.len() {
            next.push(Hint::new(
                "read_file",
                json!({"path": path, "offset": last + 1, "limit": limit}),
                "the lines after these",
            ));
        }
        let header = format!("{path} lines {first}–{last} of {}\n", lines.len());
        Ok(Answer {
            text: format!("{header}{content}"),
            data: Output {
                path,
                first_line: first,
                last_line: last,
                total_lines: lines.len(),
                content,
            },
            next,
        })
    }
}

fn floor(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}
