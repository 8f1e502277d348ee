//! `list_findings`: the detectors' findings, filtered and paged.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::detect::Finding;
use crate::tools::findings::{Filter, line};
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace, limit};

pub struct ListFindings;

#[derive(Deserialize, JsonSchema)]
pub struct Args {
    #[serde(flatten)]
    pub filter: Filter,
    /// Skip this many findings (paging; default 0).
    pub offset: Option<usize>,
    /// Most findings returned (default 20).
    pub limit: Option<usize>,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    /// Findings matching the filter, before paging.
    pub total: usize,
    pub offset: usize,
    pub findings: Vec<Finding>,
    /// Matching findings per severity.
    pub by_severity: BTreeMap<String, usize>,
    /// Matching findings per detector.
    pub by_detector: BTreeMap<String, usize>,
}

impl TypedTool for ListFindings {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "list_findings";
    const DESCRIPTION: &'static str = "The detectors' findings (security, bugs, architecture, quality), worst first, filtered by minimum severity, detector, category or file, with paging. Each has a fingerprint for explain_finding.";

    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        if let Some(id) = &args.filter.detector
            && ws.catalog().get(id).is_none()
        {
            let ids: Vec<&str> = ws.catalog().rules.iter().map(|r| r.id.as_str()).collect();
            return Err(ToolError::Invalid(format!(
                "no detector `{id}`; detectors: {}",
                ids.join(", ")
            )));
        }
        let prefix = args
            .filter
            .file
            .as_deref()
            .map(|f| ws.confine(f))
            .transpose()?;
        let state = ws.state();
        let all = ws.findings(&state);
        let mut matching: Vec<&Finding> = all
            .iter()
            .filter(|f| args.filter.admits(f, prefix.as_deref()))
            .collect();
        matching.sort_by(|a, b| {
            b.severity
                .cmp(&a.severity)
                .then(a.file.cmp(&b.file))
                .then(a.line.cmp(&b.line))
        });
        let mut by_severity = BTreeMap::new();
        let mut by_detector = BTreeMap::new();
        for f in &matching {
            *by_severity
                .entry(f.severity.as_str().to_string())
                .or_insert(0) += 1;
            *by_detector.entry(f.detector.clone()).or_insert(0) += 1;
        }
        let total = matching.len();
        let offset = args.offset.unwrap_or(0);
        let page: Vec<Finding> = matching
            .into_iter()
            .skip(offset)
            .take(limit(args.limit))
            .cloned()
            .collect();
        let counts: Vec<String> = by_severity
            .iter()
            .rev()
            .map(|(s, n)| format!("{n} {s}"))
            .collect();
        let mut text = format!(
            "{total} finding(s) match ({}); showing {}–{}:\n",
            counts.join(", "),
            offset + usize::from(!page.is_empty()),
            offset + page.len()
        );
        for finding in &page {
            text.push_str(&line(finding));
            text.push('\n');
        }
        let mut next = Vec::new();
        if let Some(first) = page.first() {
            next.push(Hint::new(
                "explain_finding",
                json!({"fingerprint": first.fingerprint}),
                "the first finding with its code and callers",
            ));
        }
        if offset + page.len() < total {
            next.push(Hint::new(
                "list_findings",
                json!({"offset": offset + page.len()}),
                "the next page (same filters)",
            ));
        }
        Ok(Answer {
            data: Output {
                total,
                offset,
                findings: page,
                by_severity,
                by_detector,
            },
            text,
            next,
        })
    }
}
