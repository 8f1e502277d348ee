//! The lines of one conversation entry (before wrapping).

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::tui::core::state::{Entry, ToolEntry};

/// Lines of a tool result shown when expanded, at most; the rest is counted.
const EXPANDED_LINES: usize = 400;

pub fn lines(entry: &Entry, selected: bool) -> Vec<Line<'static>> {
    let mut lines = match entry {
        Entry::User(text) => text
            .lines()
            .enumerate()
            .map(|(i, line)| {
                let mark = if i == 0 { "> " } else { "  " };
                Line::from(vec![
                    Span::styled(mark, Style::new().fg(Color::Cyan)),
                    Span::styled(line.to_string(), Style::new().add_modifier(Modifier::BOLD)),
                ])
            })
            .collect(),
        Entry::Assistant { text, done } => {
            let mut lines = crate::tui::core::markdown::lines(text);
            if !done {
                lines.push(Line::styled("▍", Style::new().fg(Color::DarkGray)));
            }
            lines
        }
        Entry::Tool(tool) => tool_lines(tool, selected),
        Entry::Notice(text) => text
            .lines()
            .map(|l| Line::styled(l.to_string(), Style::new().fg(Color::Gray)))
            .collect(),
        Entry::Error(text) => text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                let mark = if i == 0 { "✗ " } else { "  " };
                Line::styled(format!("{mark}{l}"), Style::new().fg(Color::Red))
            })
            .collect(),
    };
    // A blank row between entries, except between consecutive tool lines.
    if !matches!(entry, Entry::Tool(t) if !t.expanded) {
        lines.push(Line::default());
    }
    lines
}

fn tool_lines(tool: &ToolEntry, selected: bool) -> Vec<Line<'static>> {
    let arrow = if tool.expanded { "▾ " } else { "▸ " };
    let name_style = if tool.is_error {
        Style::new().fg(Color::Red)
    } else {
        Style::new().fg(Color::Yellow)
    };
    let mut head = vec![
        Span::styled(arrow, Style::new().fg(Color::DarkGray)),
        Span::styled(tool.name.clone(), name_style.add_modifier(Modifier::BOLD)),
        Span::raw(" "),
        Span::styled(tool.input.clone(), Style::new().fg(Color::Gray)),
    ];
    match &tool.summary {
        Some(summary) if summary.is_empty() => {}
        Some(summary) => head.push(Span::styled(
            format!("  {summary}"),
            Style::new().fg(if tool.is_error {
                Color::Red
            } else {
                Color::DarkGray
            }),
        )),
        None => head.push(Span::styled("  …", Style::new().fg(Color::DarkGray))),
    }
    let mut head = Line::from(head);
    if selected {
        head = head.style(Style::new().add_modifier(Modifier::REVERSED));
    }
    let mut lines = vec![head];
    if tool.expanded
        && let Some(output) = &tool.output
    {
        let total = output.lines().count();
        lines.extend(
            output
                .lines()
                .take(EXPANDED_LINES)
                .map(|l| Line::styled(format!("  {l}"), Style::new().fg(Color::Gray))),
        );
        if total > EXPANDED_LINES {
            lines.push(Line::styled(
                format!("  … {} more lines", total - EXPANDED_LINES),
                Style::new().fg(Color::DarkGray),
            ));
        }
    }
    lines
}

/// A unified diff, coloured by line kind.
pub fn diff_lines(diff: &str) -> Vec<Line<'static>> {
    diff.lines()
        .map(|l| {
            let style = if l.starts_with("+++") || l.starts_with("---") {
                Style::new().add_modifier(Modifier::BOLD)
            } else if l.starts_with('+') {
                Style::new().fg(Color::Green)
            } else if l.starts_with('-') {
                Style::new().fg(Color::Red)
            } else if l.starts_with("@@") {
                Style::new().fg(Color::Cyan)
            } else {
                Style::new()
            };
            Line::styled(l.to_string(), style)
        })
        .collect()
}
