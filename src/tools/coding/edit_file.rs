//! `edit_file`: replace an exact, unique piece of a file. A miss names the closest text and
//! its lines; several matches ask for more context (or `replace_all`). The replacement is
//! written exactly as given.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::tools::coding::{AfterWrite, write_and_check};
use crate::tools::{Answer, Control, Kind, ToolError, TypedTool, Workspace};

pub struct EditFile;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// File path relative to the repository root.
    pub path: String,
    /// The exact text to replace, whitespace included (copy it from read_file without the
    /// line numbers).
    pub old: String,
    /// The text to put in its place.
    pub new: String,
    /// Replace every occurrence instead of requiring exactly one.
    #[serde(default)]
    pub replace_all: bool,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub path: String,
    pub replacements: usize,
    /// First line of the (first) replacement.
    pub line: usize,
    pub check: AfterWrite,
}

impl TypedTool for EditFile {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "edit_file";
    const DESCRIPTION: &'static str = "Replace an exact, unique piece of text in a file with new text (replace_all for every occurrence). Answers with syntax errors and the findings the edit added or removed.";
    const KIND: Kind = Kind::Coding;
    const READ_ONLY: bool = false;

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let path = ws.confine(&args.path)?;
        if args.old.is_empty() {
            return Err(ToolError::Invalid(
                "`old` is empty; to create or replace a whole file use write_file".into(),
            ));
        }
        if args.old == args.new {
            return Err(ToolError::Invalid(
                "`old` and `new` are the same: nothing would change".into(),
            ));
        }
        let full = crate::parse::paths::absolute(ws.root(), &path);
        let text = std::fs::read_to_string(&full)
            .map_err(|e| ToolError::Invalid(format!("cannot read `{path}` as text: {e}")))?;
        let starts: Vec<usize> = text
            .match_indices(args.old.as_str())
            .map(|(i, _)| i)
            .collect();
        let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
        match starts.len() {
            0 => return Err(ToolError::Invalid(not_found(&path, &text, &args.old))),
            n if n > 1 && !args.replace_all => {
                let lines: Vec<String> = starts.iter().map(|&s| line_of(s).to_string()).collect();
                return Err(ToolError::Invalid(format!(
                    "`old` occurs {n} times in {path} (lines {}); add surrounding lines to make it unique, or pass replace_all",
                    lines.join(", ")
                )));
            }
            _ => {}
        }
        control.check()?;
        let line = line_of(starts[0]);
        let updated = if args.replace_all {
            text.replace(args.old.as_str(), &args.new)
        } else {
            text.replacen(args.old.as_str(), &args.new, 1)
        };
        let check = write_and_check(ws, &path, &updated)?;
        let replacements = if args.replace_all { starts.len() } else { 1 };
        let text = format!(
            "Edited {path}: {replacements} replacement(s) from line {line}. {}",
            check.describe()
        );
        Ok(Answer {
            text,
            data: Output {
                path,
                replacements,
                line,
                check,
            },
            next: Vec::new(),
        })
    }
}

/// The error for text not found: the most similar run of lines, numbered.
fn not_found(path: &str, text: &str, old: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let wanted: Vec<&str> = old.lines().collect();
    let span = wanted.len().max(1);
    let mut best: Option<(f64, usize)> = None;
    for start in 0..lines.len().saturating_sub(span - 1) {
        let score: f64 = wanted
            .iter()
            .zip(&lines[start..start + span])
            .map(|(a, b)| similarity(a.trim(), b.trim()))
            .sum::<f64>()
            / span as f64;
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, start));
        }
    }
    let Some((score, start)) = best.filter(|(s, _)| *s > 0.3) else {
        return format!(
            "`old` was not found in {path}, and nothing there resembles it; read the file again (read_file) and copy the text exactly"
        );
    };
    let shown: Vec<String> = lines[start..start + span]
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{:>5}\t{l}", start + i + 1))
        .collect();
    let whitespace_only = lines[start..start + span]
        .iter()
        .map(|l| l.split_whitespace().collect::<String>())
        .eq(wanted
            .iter()
            .map(|l| l.split_whitespace().collect::<String>()));
    format!(
        "`old` was not found in {path}. The closest text ({:.0} % alike{}) is at lines {}–{}:\n{}\nCopy it exactly (without the line numbers) and try again.",
        score * 100.0,
        if whitespace_only {
            ", differing only in whitespace/indentation"
        } else {
            ""
        },
        start + 1,
        start + span,
        shown.join("\n")
    )
}

/// How alike two lines are, 0–1: shared leading and trailing characters over the longer.
fn similarity(a: &str, b: &str) -> f64 {
    if a == b {
        return 1.0;
    }
    let longest = a.chars().count().max(b.chars().count());
    if longest == 0 {
        return 1.0;
    }
    let prefix = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let suffix = a
        .chars()
        .rev()
        .zip(b.chars().rev())
        .take_while(|(x, y)| x == y)
        .count();
    ((prefix + suffix).min(longest)) as f64 / longest as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_miss_names_the_nearest_lines() {
        let text = "def a():\n    return 1\n\ndef b(x):\n    return x + 2\n";
        let message = not_found("m.py", text, "def b(x):\n    return x + 3\n");
        assert!(message.contains("lines 4–5"), "{message}");
        let message = not_found("m.py", text, "def b(x):\n  return x + 2\n");
        assert!(message.contains("whitespace"), "{message}");
        assert!(not_found("m.py", text, "zzzz qqqq").contains("nothing there resembles it"));
    }
}
