//! The summary every findings format shows: counts and the health score.
//!
//! Score: each category's penalty is the sum of its findings' weights (critical 10, high 5,
//! medium 2, low 0.5, info 0) per thousand lines; its score is `100 / (1 + density / 5)`,
//! so 5 weighted points per kLOC halve it. The overall score weights the categories
//! security 30 %, quality 25 %, bug-risk 20 %, architecture 15 %, performance 10 %.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::detect::{Category, Finding, Severity};

#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    pub files: usize,
    pub lines: u64,
    pub findings: usize,
    pub by_severity: BTreeMap<&'static str, usize>,
    pub by_category: BTreeMap<&'static str, usize>,
    pub score: u32,
    pub category_scores: BTreeMap<&'static str, u32>,
    /// Findings dropped by `repotoire: ignore` comments.
    pub suppressed: usize,
    /// Findings matched by the baseline (they do not fail the run).
    pub baselined: usize,
    pub fail_on: &'static str,
    /// Findings at or above `fail_on` not in the baseline.
    pub failing: usize,
}

fn weight(severity: Severity) -> f64 {
    match severity {
        Severity::Critical => 10.0,
        Severity::High => 5.0,
        Severity::Medium => 2.0,
        Severity::Low => 0.5,
        Severity::Info => 0.0,
    }
}

fn share(category: Category) -> f64 {
    match category {
        Category::Security => 0.30,
        Category::Quality => 0.25,
        Category::BugRisk => 0.20,
        Category::Architecture => 0.15,
        Category::Performance => 0.10,
    }
}

pub fn summarise(
    findings: &[Finding],
    files: usize,
    lines: u64,
    fail_on: Severity,
    baselined: &dyn Fn(&Finding) -> bool,
    suppressed: usize,
) -> Summary {
    let kloc = (lines as f64 / 1000.0).max(1.0);
    let mut by_severity = BTreeMap::new();
    let mut by_category = BTreeMap::new();
    let mut penalty: BTreeMap<Category, f64> = BTreeMap::new();
    let mut failing = 0;
    let mut in_baseline = 0;
    for finding in findings {
        *by_severity.entry(finding.severity.as_str()).or_default() += 1;
        *by_category.entry(finding.category.as_str()).or_default() += 1;
        *penalty.entry(finding.category).or_default() += weight(finding.severity);
        if baselined(finding) {
            in_baseline += 1;
        } else if finding.severity >= fail_on {
            failing += 1;
        }
    }
    let mut category_scores = BTreeMap::new();
    let mut score = 0.0;
    for category in Category::ALL {
        let density = penalty.get(&category).copied().unwrap_or(0.0) / kloc;
        let value = 100.0 / (1.0 + density / 5.0);
        category_scores.insert(category.as_str(), value.round() as u32);
        score += value * share(category);
    }
    Summary {
        files,
        lines,
        findings: findings.len(),
        by_severity,
        by_category,
        score: score.round() as u32,
        category_scores,
        suppressed,
        baselined: in_baseline,
        fail_on: fail_on.as_str(),
        failing,
    }
}
