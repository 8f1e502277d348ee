//! `write_file`: create or replace a file, then report its syntax errors and findings.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::tools::coding::{AfterWrite, write_and_check};
use crate::tools::{Answer, Control, Kind, ToolError, TypedTool, Workspace};

pub struct WriteFile;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// File path relative to the repository root (parent folders are created).
    pub path: String,
    /// The whole new content.
    pub content: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub path: String,
    pub created: bool,
    pub bytes: usize,
    pub check: AfterWrite,
}

impl TypedTool for WriteFile {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "write_file";
    const DESCRIPTION: &'static str = "Create a file or replace its whole content (parents are created). Answers with the file's syntax errors and the findings the change added or removed. Prefer edit_file for changes to an existing file.";
    const KIND: Kind = Kind::Coding;
    const READ_ONLY: bool = false;

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let path = ws.confine(&args.path)?;
        control.check()?;
        let full = crate::parse::paths::absolute(ws.root(), &path);
        if full.is_dir() {
            return Err(ToolError::Invalid(format!("`{path}` is a folder")));
        }
        let created = !full.exists();
        let check = write_and_check(ws, &path, &args.content)?;
        let text = format!(
            "{} {path} ({} bytes). {}",
            if created { "Created" } else { "Wrote" },
            args.content.len(),
            check.describe()
        );
        Ok(Answer {
            text,
            data: Output {
                path,
                created,
                bytes: args.content.len(),
                check,
            },
            next: Vec::new(),
        })
    }
}
