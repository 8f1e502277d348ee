//! `explain_finding`: one finding with its code, what the detector looks for, and its graph
//! context (callers and blast radius of the symbol it is in).

use petgraph::Direction;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::detect::Finding;
use crate::graph::EdgeKind;
use crate::tools::graph::{plural, reached, traverse, with_constructors};
use crate::tools::lookup::SymbolRef;
use crate::tools::{Answer, Control, Hint, ToolError, TypedTool, Workspace};

pub struct ExplainFinding;

#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The finding's fingerprint (or its first 8+ characters), from list_findings.
    pub fingerprint: Option<String>,
    /// Or: the file …
    pub file: Option<String>,
    /// … and line of the finding (with `detector` when several share the line).
    pub line: Option<u32>,
    /// The detector id, when several findings share the line.
    pub detector: Option<String>,
}

#[derive(Serialize, JsonSchema)]
pub struct CodeLine {
    pub line: u32,
    pub text: String,
}

#[derive(Serialize, JsonSchema)]
pub struct Output {
    pub finding: Finding,
    /// The flagged lines with a few lines around them.
    pub code: Vec<CodeLine>,
    /// What the detector looks for, why it matters and what to write instead.
    pub what: String,
    pub why: String,
    pub instead: String,
    /// Callers of the symbol the finding is in (first 10).
    pub callers: Vec<SymbolRef>,
    pub callers_total: usize,
    /// Symbols that depend on it within 3 call hops.
    pub dependents: usize,
}

impl TypedTool for ExplainFinding {
    type Args = Args;
    type Output = Output;
    const NAME: &'static str = "explain_finding";
    const DESCRIPTION: &'static str = "One finding in full: the code around it, what the detector looks for, why it matters and what to write instead, and who calls the code it is in (how far a fix reaches).";

    #[expect(
        clippy::too_many_lines,
        reason = "assembles one answer from the finding, its rule, its code and its callers"
    )]
    fn run(
        &self,
        ws: &Workspace,
        args: Args,
        _control: &Control,
    ) -> Result<Answer<Output>, ToolError> {
        let state = ws.state();
        let all = ws.findings(&state);
        let finding = pick(ws, &all, &args)?.clone();
        let rule = ws.catalog().get(&finding.detector);
        let code = excerpt(ws, &finding);

        let snap = &state.snap;
        let mut callers = Vec::new();
        let mut callers_total = 0;
        let mut dependents = 0;
        if let Some(symbol) = &finding.symbol {
            let nodes = with_constructors(snap, snap.lookup(symbol));
            let direct = traverse(
                snap,
                &nodes,
                Direction::Incoming,
                &[EdgeKind::Calls],
                1,
                0.0,
            );
            callers_total = direct.len();
            callers = reached(snap, direct, |n, _| n)
                .into_iter()
                .take(10)
                .map(|r| r.symbol)
                .collect();
            dependents = traverse(
                snap,
                &nodes,
                Direction::Incoming,
                &[EdgeKind::Calls, EdgeKind::Inherits],
                3,
                0.5,
            )
            .len();
        }
        let (what, why, instead) = rule
            .map(|r| {
                (
                    r.docs.what.clone(),
                    r.docs.why.clone(),
                    r.docs.instead.clone(),
                )
            })
            .unwrap_or_default();

        let mut text = format!(
            "{}\n{}\n",
            crate::tools::findings::line(&finding),
            finding.title
        );
        if let Some(cwe) = &finding.cwe {
            text.push_str(&format!("{cwe}\n"));
        }
        for step in &finding.flow {
            text.push_str(&format!(
                "  flow {}:{} {}\n",
                step.file, step.line, step.note
            ));
        }
        text.push_str("code:\n");
        for l in &code {
            let mark = if (finding.line..=finding.end_line).contains(&l.line) {
                '>'
            } else {
                ' '
            };
            text.push_str(&format!("{mark}{:>5} | {}\n", l.line, l.text));
        }
        if !why.is_empty() {
            text.push_str(&format!(
                "why: {}\ninstead: {}\n",
                why.trim(),
                instead.trim()
            ));
        }
        if let Some(symbol) = &finding.symbol {
            text.push_str(&format!(
                "{symbol} has {}{}; {} within 3 hops\n",
                plural(callers_total, "caller"),
                if callers.is_empty() {
                    String::new()
                } else {
                    format!(
                        " ({})",
                        callers
                            .iter()
                            .map(|c| c.qualified_name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                },
                plural(dependents, "dependent")
            ));
        }
        let mut next = Vec::new();
        if let Some(symbol) = &finding.symbol {
            next.push(Hint::new(
                "impact_of",
                json!({"symbol": symbol}),
                "what a fix could break",
            ));
        }
        next.push(Hint::new(
            "list_findings",
            json!({"detector": finding.detector}),
            "the same problem elsewhere",
        ));
        Ok(Answer {
            data: Output {
                finding,
                code,
                what,
                why,
                instead,
                callers,
                callers_total,
                dependents,
            },
            text,
            next,
        })
    }
}

fn pick<'f>(ws: &Workspace, all: &'f [Finding], args: &Args) -> Result<&'f Finding, ToolError> {
    if let Some(print) = args.fingerprint.as_deref().map(str::trim) {
        if print.len() < 8 {
            return Err(ToolError::Invalid(
                "fingerprint: give at least 8 characters (list_findings shows 12)".into(),
            ));
        }
        let found: Vec<&Finding> = all
            .iter()
            .filter(|f| f.fingerprint.starts_with(print))
            .collect();
        return match found.as_slice() {
            [one] => Ok(one),
            [] => Err(ToolError::Invalid(format!(
                "no finding with fingerprint `{print}` (the code may have changed: run list_findings again)"
            ))),
            _ => Err(ToolError::Invalid(format!(
                "fingerprint `{print}` matches {} findings; give more characters",
                found.len()
            ))),
        };
    }
    let (Some(file), Some(line)) = (args.file.as_deref(), args.line) else {
        return Err(ToolError::Invalid(
            "pass `fingerprint`, or `file` and `line` (from list_findings)".into(),
        ));
    };
    let file = ws.confine(file)?;
    let found: Vec<&Finding> = all
        .iter()
        .filter(|f| {
            f.file == file
                && (f.line..=f.end_line).contains(&line)
                && args.detector.as_deref().is_none_or(|d| f.detector == d)
        })
        .collect();
    match found.as_slice() {
        [one] => Ok(one),
        [] => Err(ToolError::Invalid(format!(
            "no finding at {file}:{line}{}",
            args.detector
                .as_deref()
                .map(|d| format!(" from {d}"))
                .unwrap_or_default()
        ))),
        many => Err(ToolError::Invalid(format!(
            "{} findings at {file}:{line} ({}); pass `detector` or `fingerprint`",
            many.len(),
            many.iter()
                .map(|f| f.detector.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The finding's lines and three either side, read from disk (empty if the file is gone).
fn excerpt(ws: &Workspace, finding: &Finding) -> Vec<CodeLine> {
    let Ok(bytes) = std::fs::read(crate::parse::paths::absolute(ws.root(), &finding.file)) else {
        return Vec::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    let first = finding.line.saturating_sub(3).max(1);
    let last = finding.end_line.max(finding.line).min(finding.line + 12) + 3;
    text.lines()
        .enumerate()
        .map(|(i, l)| (i as u32 + 1, l))
        .filter(|(n, _)| (first..=last).contains(n))
        .map(|(line, l)| CodeLine {
            line,
            text: crate::tools::search::clip(l, 200),
        })
        .collect()
}
