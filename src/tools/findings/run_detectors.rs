//! `run_detectors`: re-index what changed on disk, run the detectors again, and say what
//! changed since the last run — findings added and resolved.

use std::collections::HashSet;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::detect::Finding;
use crate::tools::findings::line;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct RunDetectors;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Only report on files at or under these paths (default: the whole repository).
    pub paths: Option<Vec<String>>,
    /// Most added/resolved findings listed each (default 20).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Files parsed again because they changed since the last run.
    pub files_reparsed: usize,
    pub added: Vec<Finding>,
    pub resolved: Vec<Finding>,
    pub added_total: usize,
    pub resolved_total: usize,
    /// Findings now, within `paths`.
    pub total: usize,
}

impl TypedTool for RunDetectors {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "run_detectors";
    const DESCRIPTION: &'static str = "Re-index files changed on disk and run the detectors again (optionally reporting only under some paths): returns findings added and resolved since the last run. Use after editing code.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let prefixes: Vec<String> = args
            .paths
            .unwrap_or_default()
            .iter()
            .map(|p| ws.confine(p))
            .collect::<Result<_, _>>()?;
        let within = |f: &Finding| {
            prefixes.is_empty() || prefixes.iter().any(|p| crate::tools::is_under(&f.file, p))
        };
        control.progress(0.0, 3.0, "findings before");
        let before_state = ws.state();
        let before = ws.findings(&before_state);
        control.check()?;
        control.progress(1.0, 3.0, "re-indexing changed files");
        ws.refresh();
        control.check()?;
        control.progress(2.0, 3.0, "running detectors");
        let state = ws.state();
        let after = ws.findings(&state);
        control.progress(3.0, 3.0, "done");

        let old: HashSet<&str> = before
            .iter()
            .filter(|f| within(f))
            .map(|f| f.fingerprint.as_str())
            .collect();
        let new: HashSet<&str> = after
            .iter()
            .filter(|f| within(f))
            .map(|f| f.fingerprint.as_str())
            .collect();
        let mut added: Vec<Finding> = after
            .iter()
            .filter(|f| within(f) && !old.contains(f.fingerprint.as_str()))
            .cloned()
            .collect();
        let mut resolved: Vec<Finding> = before
            .iter()
            .filter(|f| within(f) && !new.contains(f.fingerprint.as_str()))
            .cloned()
            .collect();
        let (added_total, resolved_total) = (added.len(), resolved.len());
        let shown = limit(args.limit);
        added.truncate(shown);
        resolved.truncate(shown);
        let files_reparsed = state.report.parsed;
        let mut text = format!(
            "{} file(s) re-parsed; {} finding(s) now; {added_total} added, {resolved_total} resolved since the last run\n",
            files_reparsed,
            new.len()
        );
        for f in &added {
            text.push_str(&format!("+ {}\n", line(f)));
        }
        for f in &resolved {
            text.push_str(&format!("- {}\n", line(f)));
        }
        let mut next = Vec::new();
        if let Some(first) = added.first() {
            next.push(Hint::new(
                "explain_finding",
                json!({"fingerprint": first.fingerprint}),
                "the first new finding",
            ));
        } else {
            next.push(Hint::new(
                "list_findings",
                json!({"severity": "medium"}),
                "what remains",
            ));
        }
        Ok(Answer {
            data: Output {
                files_reparsed,
                added,
                resolved,
                added_total,
                resolved_total,
                total: new.len(),
            },
            text,
            next,
        })
    }
}
