//! `analyze --format json`: the DESIGN.md shape (plus column, snippet, flow, and `audit`
//! on audit findings).

use serde::Serialize;

use crate::detect::Finding;
use crate::report::summary::Summary;

#[derive(Serialize)]
struct Out<'a> {
    findings: Vec<Wire<'a>>,
    summary: &'a Summary,
}

#[derive(Serialize)]
struct Wire<'a> {
    detector: &'a str,
    category: &'static str,
    severity: &'static str,
    title: &'a str,
    message: &'a str,
    file: &'a str,
    line: u32,
    end_line: u32,
    column: u32,
    symbol: Option<&'a str>,
    cwe: Option<&'a str>,
    fingerprint: &'a str,
    snippet: Option<&'a str>,
    flow: Vec<FlowStep<'a>>,
    /// Present (true) only on audit findings (`--audit`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    audit: bool,
}

#[derive(Serialize)]
struct FlowStep<'a> {
    file: &'a str,
    line: u32,
    note: &'a str,
}

pub fn render(findings: &[Finding], summary: &Summary) -> Result<String, serde_json::Error> {
    let out = Out {
        findings: findings
            .iter()
            .map(|f| Wire {
                detector: &f.detector,
                category: f.category.as_str(),
                severity: f.severity.as_str(),
                title: &f.title,
                message: &f.message,
                file: &f.file,
                line: f.line,
                end_line: f.end_line,
                column: f.column,
                symbol: f.symbol.as_deref(),
                cwe: f.cwe.as_deref(),
                fingerprint: &f.fingerprint,
                snippet: f.snippet.as_deref(),
                flow: f
                    .flow
                    .iter()
                    .map(|s| FlowStep {
                        file: &s.file,
                        line: s.line,
                        note: &s.note,
                    })
                    .collect(),
                audit: f.audit,
            })
            .collect(),
        summary,
    };
    let mut text = serde_json::to_string_pretty(&out)?;
    text.push('\n');
    Ok(text)
}
