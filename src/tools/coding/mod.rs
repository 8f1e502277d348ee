//! Tools that read and change the working tree for the agent: files, search, a shell. Every
//! path goes through `Workspace::confine`; every write re-parses the file and answers with
//! its syntax errors and the findings the change added or removed there (no silent writes).

pub mod bash;
pub mod edit_file;
pub mod glob;
pub mod grep;
pub mod read_file;
pub mod write_file;

use std::collections::HashSet;

use schemars::JsonSchema;
use serde::Serialize;

use crate::tools::{ToolError, Workspace};

/// A syntax error the parser found after a write.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SyntaxError {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// A finding in short.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Brief {
    pub detector: String,
    pub severity: String,
    pub line: u32,
    pub message: String,
}

/// What a write did to the file as the analysis sees it.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct AfterWrite {
    /// False for files repotoire does not parse (no syntax check, no findings).
    pub analysed: bool,
    pub syntax_errors: Vec<SyntaxError>,
    pub findings_added: Vec<Brief>,
    pub findings_removed: Vec<Brief>,
}

impl AfterWrite {
    /// Lines for the model.
    pub fn describe(&self) -> String {
        if !self.analysed {
            return "(not a language repotoire parses: no syntax check)".into();
        }
        let mut text = String::new();
        if self.syntax_errors.is_empty() {
            text.push_str("Parses cleanly.");
        } else {
            text.push_str(&format!(
                "{} syntax error(s) — fix them:",
                self.syntax_errors.len()
            ));
            for e in &self.syntax_errors {
                text.push_str(&format!("\n  line {}:{} {}", e.line, e.column, e.message));
            }
        }
        for (label, list) in [
            ("New findings", &self.findings_added),
            ("Findings resolved", &self.findings_removed),
        ] {
            if !list.is_empty() {
                text.push_str(&format!("\n{label}:"));
                for f in list {
                    text.push_str(&format!(
                        "\n  line {} [{} {}] {}",
                        f.line, f.severity, f.detector, f.message
                    ));
                }
            }
        }
        if self.findings_added.is_empty() && self.findings_removed.is_empty() {
            text.push_str("\nNo findings added or removed in this file.");
        }
        text
    }
}

/// The findings in one file now (computing them if this state has not yet).
fn findings_in(ws: &Workspace, path: &str) -> Vec<crate::detect::Finding> {
    let state = ws.state();
    ws.findings(&state)
        .iter()
        .filter(|f| f.file == path)
        .cloned()
        .collect()
}

/// Writes `text` to the root-relative `path` (creating parent folders) through a temporary
/// file and a rename, so that a failed write never leaves half a file; then re-indexes it
/// and reports what changed.
pub fn write_and_check(ws: &Workspace, path: &str, text: &str) -> Result<AfterWrite, ToolError> {
    let before = findings_in(ws, path);
    let full = crate::parse::paths::absolute(ws.root(), path);
    full.parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| crate::detect::baseline::write_atomic(&full, text.as_bytes()))
        .map_err(|e| ToolError::Failed(format!("cannot write {path}: {e}")))?;
    ws.refresh_paths(Some(&[full]));
    let state = ws.state();
    let Some(info) = state.snap.files.iter().find(|f| f.path == path) else {
        return Ok(AfterWrite::default());
    };
    let syntax_errors = info
        .diagnostics
        .iter()
        .map(|d| SyntaxError {
            line: d.line,
            column: d.column,
            message: d.message.clone(),
        })
        .collect();
    let after = findings_in(ws, path);
    let brief = |f: &crate::detect::Finding| Brief {
        detector: f.detector.clone(),
        severity: f.severity.as_str().to_string(),
        line: f.line,
        message: f.message.clone(),
    };
    let old: HashSet<&str> = before.iter().map(|f| f.fingerprint.as_str()).collect();
    let new: HashSet<&str> = after.iter().map(|f| f.fingerprint.as_str()).collect();
    Ok(AfterWrite {
        analysed: true,
        syntax_errors,
        findings_added: after
            .iter()
            .filter(|f| !old.contains(f.fingerprint.as_str()))
            .map(brief)
            .collect(),
        findings_removed: before
            .iter()
            .filter(|f| !new.contains(f.fingerprint.as_str()))
            .map(brief)
            .collect(),
    })
}
