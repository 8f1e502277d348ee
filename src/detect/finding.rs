//! What a detector reports, independent of any output format.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Low,
    Medium,
    High,
    Critical,
}

impl Severity {
    pub const ALL: [Severity; 5] = [
        Severity::Critical,
        Severity::High,
        Severity::Medium,
        Severity::Low,
        Severity::Info,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
            Severity::Critical => "critical",
        }
    }

    pub fn parse(text: &str) -> Option<Severity> {
        Severity::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    Security,
    Architecture,
    Quality,
    BugRisk,
    Performance,
}

impl Category {
    pub const ALL: [Category; 5] = [
        Category::Security,
        Category::Architecture,
        Category::Quality,
        Category::BugRisk,
        Category::Performance,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Security => "security",
            Category::Architecture => "architecture",
            Category::Quality => "quality",
            Category::BugRisk => "bug-risk",
            Category::Performance => "performance",
        }
    }
}

/// One step of a data flow: where a value was and what happened to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Step {
    pub file: String,
    pub line: u32,
    pub note: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Finding {
    pub detector: String,
    pub category: Category,
    pub severity: Severity,
    pub title: String,
    pub message: String,
    /// Relative to the analysed root, `/`-separated.
    pub file: String,
    pub line: u32,
    pub end_line: u32,
    pub column: u32,
    /// Qualified name of the symbol the finding is about or inside.
    pub symbol: Option<String>,
    pub cwe: Option<String>,
    /// Stable across line shifts (see `baseline`).
    pub fingerprint: String,
    /// The source line the finding points at, trimmed.
    pub snippet: Option<String>,
    /// Source → steps → sink, for data-flow findings.
    pub flow: Vec<Step>,
    /// An audit finding (a dangerous sink fed by a value of unknown origin), reported
    /// only with `--audit` or `audit = true`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub audit: bool,
}
