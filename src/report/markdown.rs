//! `analyze --format markdown`: a pull-request comment — summary table, then the most
//! severe findings.

use std::fmt::Write as _;

use crate::detect::{Finding, Severity};
use crate::report::summary::Summary;

/// Findings listed in the comment; the rest are counted.
const TOP: usize = 25;

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

pub fn render(findings: &[Finding], summary: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## repotoire: health {}/100\n", summary.score);
    let _ = writeln!(out, "| severity | findings |\n|---|---:|");
    for severity in Severity::ALL {
        let _ = writeln!(
            out,
            "| {} | {} |",
            severity.as_str(),
            summary
                .by_severity
                .get(severity.as_str())
                .copied()
                .unwrap_or(0)
        );
    }
    let _ = writeln!(out, "\n| category | score | findings |\n|---|---:|---:|");
    for (category, score) in &summary.category_scores {
        let _ = writeln!(
            out,
            "| {category} | {score} | {} |",
            summary.by_category.get(category).copied().unwrap_or(0)
        );
    }
    let _ = writeln!(
        out,
        "\n{} findings in {} files; **{} at or above `{}`**.\n",
        summary.findings, summary.files, summary.failing, summary.fail_on
    );
    if findings.is_empty() {
        return out;
    }
    let mut sorted: Vec<&Finding> = findings.iter().collect();
    sorted.sort_by(|a, b| {
        b.severity
            .cmp(&a.severity)
            .then_with(|| (&a.file, a.line).cmp(&(&b.file, b.line)))
    });
    let _ = writeln!(
        out,
        "### Top findings\n\n| severity | detector | where | message |\n|---|---|---|---|"
    );
    for finding in sorted.iter().take(TOP) {
        let _ = writeln!(
            out,
            "| {} | `{}` | `{}:{}` | {} |",
            finding.severity.as_str(),
            finding.detector,
            cell(&finding.file),
            finding.line,
            cell(&finding.message)
        );
    }
    if sorted.len() > TOP {
        let _ = writeln!(
            out,
            "\n…and {} more (run `repotoire analyze .` locally).",
            sorted.len() - TOP
        );
    }
    out
}
