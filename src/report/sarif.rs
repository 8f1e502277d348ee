//! `analyze --format sarif`: SARIF 2.1.0 as GitHub code scanning reads it — rules with
//! help, CWE tags and `security-severity`, results with relative locations under
//! `%SRCROOT%`, `partialFingerprints`, and code flows for data-flow findings.

use std::path::Path;

use serde_json::{Value, json};

use crate::detect::rule::Rule;
use crate::detect::{Category, Finding, Severity};

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical | Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low | Severity::Info => "note",
    }
}

fn security_severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical => "9.5",
        Severity::High => "8.0",
        Severity::Medium => "5.5",
        Severity::Low => "3.0",
        Severity::Info => "1.0",
    }
}

/// `Broken hash used for security` → `BrokenHashUsedForSecurity` (SARIF wants a name that
/// differs from the opaque id, even ignoring case).
fn pascal(title: &str) -> String {
    title
        .split(|c: char| !c.is_ascii_alphanumeric())
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn rule_json(rule: &Rule) -> Value {
    // GitHub reads the `security` tag; the category already is it for security rules.
    let mut tags = vec![json!(rule.category.as_str())];
    if let Some(cwe) = &rule.cwe {
        tags.push(json!(format!("external/cwe/{}", cwe.to_ascii_lowercase())));
    }
    let docs = &rule.docs;
    let markdown = format!(
        "{}\n\n**Why it matters.** {}\n\n**Example**\n\n```\n{}\n```\n\n**Instead**\n\n```\n{}\n```\n",
        docs.what.trim(),
        docs.why.trim(),
        docs.example.trim(),
        docs.instead.trim()
    );
    let text = format!(
        "{}\n\nWhy: {}\n\nInstead:\n{}",
        docs.what.trim(),
        docs.why.trim(),
        docs.instead.trim()
    );
    let mut properties = json!({ "tags": tags, "precision": rule.precision });
    if rule.category == Category::Security {
        properties["security-severity"] = json!(security_severity(rule.severity));
    }
    json!({
        "id": rule.id,
        "name": pascal(&rule.title),
        "shortDescription": { "text": rule.title },
        "fullDescription": { "text": docs.what.trim() },
        "help": { "text": text, "markdown": markdown },
        "defaultConfiguration": { "level": level(rule.severity) },
        "properties": properties,
    })
}

fn location(file: &str, line: u32, column: u32, end_line: u32, snippet: Option<&str>) -> Value {
    let mut region = json!({ "startLine": line.max(1), "startColumn": column.max(1), "endLine": end_line.max(line).max(1) });
    if let Some(snippet) = snippet {
        region["snippet"] = json!({ "text": snippet });
    }
    json!({ "physicalLocation": { "artifactLocation": { "uri": file, "uriBaseId": "%SRCROOT%" }, "region": region } })
}

pub fn render(
    findings: &[Finding],
    rules: &[&Rule],
    root: &Path,
) -> Result<String, serde_json::Error> {
    let results: Vec<Value> = findings
        .iter()
        .map(|f| {
            let index = rules.iter().position(|r| r.id == f.detector);
            let mut result = json!({
                "ruleId": f.detector,
                "level": level(f.severity),
                "message": { "text": f.message },
                "locations": [location(&f.file, f.line, f.column, f.end_line, f.snippet.as_deref())],
                "partialFingerprints": { "repotoireFingerprint/v1": f.fingerprint },
                "properties": { "severity": f.severity.as_str(), "category": f.category.as_str() },
            });
            if let Some(index) = index {
                result["ruleIndex"] = json!(index);
            }
            if f.audit {
                // A review point, not a defect: SARIF's "review" kind, whose level must be
                // "none" (the severity stays in the properties).
                result["kind"] = json!("review");
                result["level"] = json!("none");
                result["properties"]["audit"] = json!(true);
            }
            if !f.flow.is_empty() {
                let steps: Vec<Value> = f
                    .flow
                    .iter()
                    .map(|s| {
                        let mut at = location(&s.file, s.line, 1, s.line, None);
                        at["message"] = json!({ "text": s.note });
                        json!({ "location": at })
                    })
                    .collect();
                result["codeFlows"] = json!([{ "threadFlows": [{ "locations": steps }] }]);
            }
            result
        })
        .collect();
    let root_uri = format!(
        "file://{}/",
        root.display().to_string().trim_end_matches('/')
    );
    let sarif = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "repotoire",
                "version": env!("CARGO_PKG_VERSION"),
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://github.com/repotoire/repotoire",
                "rules": rules.iter().map(|r| rule_json(r)).collect::<Vec<_>>(),
            }},
            "originalUriBaseIds": { "%SRCROOT%": { "uri": root_uri } },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&sarif)?;
    text.push('\n');
    Ok(text)
}
