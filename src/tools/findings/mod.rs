//! Tools over the detectors' findings.

pub mod explain_finding;
pub mod list_findings;
pub mod run_detectors;

use schemars::JsonSchema;
use serde::Deserialize;

use crate::detect::{Category, Finding, Severity};

/// Findings filters shared by `list_findings` and `run_detectors`.
#[derive(Debug, Default, Deserialize, JsonSchema)]
pub struct Filter {
    /// Only this severity or worse: critical, high, medium, low, info.
    pub severity: Option<Severity>,
    /// Only this detector id (see `repotoire detectors list`).
    pub detector: Option<String>,
    /// Only this category: security, architecture, quality, bug-risk, performance.
    pub category: Option<Category>,
    /// Only files at or under this path (relative to the root).
    pub file: Option<String>,
}

impl Filter {
    pub fn admits(&self, finding: &Finding, file_prefix: Option<&str>) -> bool {
        self.severity.is_none_or(|s| finding.severity >= s)
            && self
                .detector
                .as_deref()
                .is_none_or(|d| finding.detector == d)
            && self.category.is_none_or(|c| finding.category == c)
            && file_prefix.is_none_or(|p| crate::tools::is_under(&finding.file, p))
    }
}

/// `high sql-injection app/db.py:12 in app.db.query — message`
pub fn line(finding: &Finding) -> String {
    format!(
        "{} {} {}:{}{} — {} [{}]",
        finding.severity.as_str(),
        finding.detector,
        finding.file,
        finding.line,
        finding
            .symbol
            .as_deref()
            .map(|s| format!(" in {s}"))
            .unwrap_or_default(),
        finding.message,
        &finding.fingerprint[..finding.fingerprint.len().min(12)]
    )
}
