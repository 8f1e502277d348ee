//! `analyze --format text`: findings grouped by file with an excerpt and the data flow,
//! then the summary. Colour only when asked for (a terminal without `NO_COLOR`).

use std::fmt::Write as _;

use crate::detect::{Finding, Severity};
use crate::report::summary::Summary;

fn paint(text: &str, code: &str, colour: bool) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

fn severity_colour(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical => "1;35",
        Severity::High => "1;31",
        Severity::Medium => "33",
        Severity::Low => "36",
        Severity::Info => "2",
    }
}

pub fn render(findings: &[Finding], summary: &Summary, colour: bool) -> String {
    let mut out = String::new();
    let mut current: Option<&str> = None;
    for finding in findings {
        if current != Some(finding.file.as_str()) {
            if current.is_some() {
                out.push('\n');
            }
            let _ = writeln!(out, "{}", paint(&finding.file, "1", colour));
            current = Some(&finding.file);
        }
        let severity = paint(
            &format!("{:<8}", finding.severity.as_str()),
            severity_colour(finding.severity),
            colour,
        );
        let _ = writeln!(
            out,
            "  {:>5}:{:<3} {severity} {}  {}",
            finding.line,
            finding.column,
            paint(&finding.detector, "2", colour),
            finding.message
        );
        if let Some(snippet) = &finding.snippet {
            let _ = writeln!(out, "             │ {snippet}");
        }
        if !finding.flow.is_empty() {
            let steps: Vec<String> = finding
                .flow
                .iter()
                .map(|s| {
                    if s.file == finding.file {
                        format!("{}: {}", s.line, s.note)
                    } else {
                        format!("{}:{}: {}", s.file, s.line, s.note)
                    }
                })
                .collect();
            let _ = writeln!(out, "             ↳ {}", steps.join(" → "));
        }
    }
    if !findings.is_empty() {
        out.push('\n');
    }
    let counts: Vec<String> = Severity::ALL
        .iter()
        .map(|s| {
            format!(
                "{} {}",
                summary.by_severity.get(s.as_str()).copied().unwrap_or(0),
                s.as_str()
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "{} findings in {} files ({} lines): {}",
        summary.findings,
        summary.files,
        summary.lines,
        counts.join(", ")
    );
    let categories: Vec<String> = summary
        .category_scores
        .iter()
        .map(|(c, s)| format!("{c} {s}"))
        .collect();
    let _ = writeln!(
        out,
        "health {}/100 ({})",
        summary.score,
        categories.join(" · ")
    );
    if summary.suppressed > 0 || summary.baselined > 0 {
        let _ = writeln!(
            out,
            "{} suppressed by comments, {} in the baseline",
            summary.suppressed, summary.baselined
        );
    }
    let _ = writeln!(
        out,
        "{} at or above {} (--fail-on)",
        summary.failing, summary.fail_on
    );
    out
}
