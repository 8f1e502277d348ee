//! The findings panel: the list kept worst first as findings come and go, the filter, and
//! the selection (which stays on its finding when others are added or resolved).

use std::collections::HashSet;

use crate::detect::Finding;
use crate::tui::core::cmd::Cmd;
use crate::tui::core::key::{Code, Key};
use crate::tui::core::state::{Focus, State};

pub fn apply(state: &mut State, added: Vec<Finding>, resolved: &[String]) {
    let keep = selected(state).map(|f| f.fingerprint.clone());
    let gone: HashSet<&str> = resolved.iter().map(String::as_str).collect();
    let findings = &mut state.findings;
    findings
        .all
        .retain(|f| !gone.contains(f.fingerprint.as_str()));
    findings.all.extend(added);
    findings.all.sort_by(|a, b| {
        b.severity
            .cmp(&a.severity)
            .then_with(|| a.file.cmp(&b.file))
            .then_with(|| a.line.cmp(&b.line))
            .then_with(|| a.detector.cmp(&b.detector))
    });
    findings.all.dedup_by(|a, b| a.fingerprint == b.fingerprint);
    let position = keep.and_then(|k| visible(state).iter().position(|f| f.fingerprint == k));
    let count = visible(state).len();
    state.findings.selected =
        position.unwrap_or(state.findings.selected.min(count.saturating_sub(1)));
}

/// Whether a finding matches the filter: every word of it is in the finding's severity,
/// detector, path or message (case-insensitive).
fn matches(finding: &Finding, filter: &str) -> bool {
    let haystack = format!(
        "{} {} {}:{} {} {}",
        finding.severity.as_str(),
        finding.detector,
        finding.file,
        finding.line,
        finding.message,
        finding.category.as_str()
    )
    .to_lowercase();
    filter
        .to_lowercase()
        .split_whitespace()
        .all(|word| haystack.contains(word))
}

/// The findings the filter lets through, in order.
pub fn visible(state: &State) -> Vec<&Finding> {
    let filter = state.findings.filter.trim();
    state
        .findings
        .all
        .iter()
        .filter(|f| filter.is_empty() || matches(f, filter))
        .collect()
}

pub fn selected(state: &State) -> Option<&Finding> {
    visible(state).get(state.findings.selected).copied()
}

fn go(state: &mut State, delta: i64) {
    let count = visible(state).len() as i64;
    let now = state.findings.selected as i64;
    state.findings.selected = (now + delta).clamp(0, (count - 1).max(0)) as usize;
}

/// Keys while the findings panel has them.
pub fn key(state: &mut State, key: Key) -> Vec<Cmd> {
    if state.findings.filtering {
        match key.code {
            Code::Enter | Code::Esc | Code::Tab => state.findings.filtering = false,
            Code::Backspace => {
                state.findings.filter.pop();
            }
            Code::Char(c) if !key.ctrl && !key.alt => state.findings.filter.push(c),
            _ => {}
        }
        state.findings.selected = 0;
        state.findings.offset = 0;
        return Vec::new();
    }
    match key.code {
        Code::Up => go(state, -1),
        Code::Down => go(state, 1),
        Code::Char('k') if !key.ctrl => go(state, -1),
        Code::Char('j') if !key.ctrl => go(state, 1),
        Code::PageUp => go(state, -10),
        Code::PageDown => go(state, 10),
        Code::Home | Code::Char('g') => state.findings.selected = 0,
        Code::End | Code::Char('G') => go(state, i64::MAX / 2),
        Code::Char('/') => {
            state.findings.filtering = true;
            state.findings.filter.clear();
        }
        Code::Esc if !state.findings.filter.is_empty() => {
            state.findings.filter.clear();
            state.findings.selected = 0;
        }
        Code::Esc => state.focus = Focus::Input,
        Code::Enter => {
            if let Some(f) = selected(state) {
                return vec![Cmd::Tool {
                    title: format!("explain_finding {}:{}", f.file, f.line),
                    name: "explain_finding".into(),
                    args: serde_json::json!({"fingerprint": f.fingerprint}),
                }];
            }
        }
        Code::Char('o') => {
            if let Some(f) = selected(state) {
                return vec![Cmd::OpenFile {
                    path: f.file.clone(),
                    line: f.line,
                }];
            }
        }
        Code::Char('a') => {
            if let Some(f) = selected(state) {
                let prompt = format!(
                    "Look at this finding and tell me whether it is real and what to do about it:\n{} ({}, {}) at {}:{}: {}",
                    f.title,
                    f.detector,
                    f.severity.as_str(),
                    f.file,
                    f.line,
                    f.message
                );
                state.focus = Focus::Input;
                return crate::tui::core::update::input::send(state, prompt);
            }
        }
        _ => {}
    }
    Vec::new()
}
