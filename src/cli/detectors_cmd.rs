//! `repotoire detectors list|show`: the catalog, from the same rule files the engine runs.

use std::io::Write;

use anyhow::bail;

use crate::cli::args::DetectorsCommand;
use crate::detect::analyze::Catalog;
use crate::detect::config::Config;

pub fn run(command: DetectorsCommand) -> anyhow::Result<i32> {
    let (DetectorsCommand::List { path } | DetectorsCommand::Show { path, .. }) = &command;
    let config = Config::load(path)?;
    let catalog = Catalog::load(path, &config)?;
    let enabled = catalog.enabled(&config);
    let mut out = std::io::stdout().lock();
    match &command {
        DetectorsCommand::List { .. } => {
            for rule in catalog.rules.iter() {
                writeln!(
                    out,
                    "{:<28} {:<13} {:<9} {:<4} {:<7} {}",
                    rule.id,
                    rule.category.as_str(),
                    rule.severity.as_str(),
                    if enabled.contains(&rule.id) {
                        "on"
                    } else {
                        "off"
                    },
                    format!("{:?}", rule.engine).to_lowercase(),
                    rule.languages.join(",")
                )?;
            }
            writeln!(
                out,
                "{} detectors ({} on)",
                catalog.rules.len(),
                enabled.len()
            )?;
        }
        DetectorsCommand::Show { id, .. } => {
            let Some(rule) = catalog.get(id) else {
                let close: Vec<&str> = catalog
                    .rules
                    .iter()
                    .map(|r| r.id.as_str())
                    .filter(|r| r.contains(id.as_str()) || id.contains(r))
                    .collect();
                bail!(
                    "no detector `{id}`{}",
                    if close.is_empty() {
                        String::new()
                    } else {
                        format!("; did you mean {}?", close.join(", "))
                    }
                );
            };
            writeln!(out, "{} — {}", rule.id, rule.title)?;
            writeln!(
                out,
                "{} · {} · {}{} · {}",
                rule.category.as_str(),
                rule.severity.as_str(),
                rule.languages.join(", "),
                rule.cwe
                    .as_deref()
                    .map(|c| format!(" · {c}"))
                    .unwrap_or_default(),
                if enabled.contains(&rule.id) {
                    "on"
                } else {
                    "off by default"
                }
            )?;
            if let Some(threshold) = rule.threshold {
                writeln!(
                    out,
                    "threshold: {threshold} (set [thresholds] {} = N in repotoire.toml)",
                    rule.id
                )?;
            }
            let docs = &rule.docs;
            writeln!(
                out,
                "\nWhat it finds\n  {}\n\nWhy it matters\n  {}\n",
                docs.what.trim(),
                docs.why.trim()
            )?;
            writeln!(out, "Example\n{}\n", indent(&docs.example))?;
            writeln!(out, "Instead\n{}", indent(&docs.instead))?;
        }
    }
    Ok(crate::cli::EXIT_OK)
}

fn indent(text: &str) -> String {
    text.trim_end()
        .lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
