//! The findings panel: worst first, each as its severity, detector and `file:line`.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{List, ListItem, ListState, Paragraph};

use crate::detect::Severity;
use crate::tui::core::render::panel;
use crate::tui::core::state::{Focus, State};
use crate::tui::core::update::findings::visible;

pub fn severity_style(severity: Severity) -> (&'static str, Style) {
    match severity {
        Severity::Critical => ("●", Style::new().fg(Color::Magenta)),
        Severity::High => ("●", Style::new().fg(Color::Red)),
        Severity::Medium => ("●", Style::new().fg(Color::Yellow)),
        Severity::Low => ("○", Style::new().fg(Color::Blue)),
        Severity::Info => ("·", Style::new().fg(Color::Gray)),
    }
}

fn short(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical => "crit",
        Severity::High => "high",
        Severity::Medium => "med ",
        Severity::Low => "low ",
        Severity::Info => "info",
    }
}

pub fn render(state: &State, frame: &mut Frame, area: Rect) {
    let shown = visible(state);
    let total = state.findings.all.len();
    let mut title = vec![Span::styled(
        if shown.len() == total {
            format!(" Findings ({total}) ")
        } else {
            format!(" Findings ({} of {total}) ", shown.len())
        },
        Style::new().add_modifier(Modifier::BOLD),
    )];
    if state.findings.filtering || !state.findings.filter.is_empty() {
        title.push(Span::styled(
            format!(
                "/{}{} ",
                state.findings.filter,
                if state.findings.filtering { "▏" } else { "" }
            ),
            Style::new().fg(Color::Yellow),
        ));
    }
    let focused = state.focus == Focus::Findings;
    let block = panel(Line::from(title), focused);
    let inside = block.inner(area);
    frame.render_widget(block, area);
    if shown.is_empty() {
        let text = match state.status.graph {
            crate::tui::core::state::Graph::Ready { .. } if total == 0 => "no findings",
            crate::tui::core::state::Graph::Ready { .. } => "none match the filter",
            _ => "analysing…",
        };
        frame.render_widget(
            Paragraph::new(Line::styled(text, Style::new().fg(Color::DarkGray))),
            inside,
        );
        return;
    }
    // Only a window of rows around the selection is built, however many findings there are.
    let rows = usize::from(inside.height / 2).max(1);
    let selected = state.findings.selected.min(shown.len() - 1);
    let start = selected.saturating_sub(rows);
    let end = (selected + rows + 1).min(shown.len());
    let width = usize::from(inside.width);
    let items: Vec<ListItem> = shown[start..end]
        .iter()
        .map(|f| {
            let (bullet, style) = severity_style(f.severity);
            let room = width.saturating_sub(7);
            let detector = if f.detector.chars().count() > room && room > 1 {
                format!("{}…", f.detector.chars().take(room - 1).collect::<String>())
            } else {
                f.detector.clone()
            };
            let first = Line::from(vec![
                Span::styled(format!("{bullet} "), style),
                Span::styled(format!("{} ", short(f.severity)), style),
                Span::raw(detector),
            ]);
            let place = format!("  {}:{}", f.file, f.line);
            let place = if place.chars().count() > width && width > 3 {
                let tail: String = place
                    .chars()
                    .rev()
                    .take(width - 3)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                format!("  …{}", tail.trim_start())
            } else {
                place
            };
            ListItem::new(vec![
                first,
                Line::styled(place, Style::new().fg(Color::Gray)),
            ])
        })
        .collect();
    let highlight = if focused {
        Style::new().add_modifier(Modifier::REVERSED)
    } else {
        Style::new().add_modifier(Modifier::BOLD)
    };
    let list = List::new(items).highlight_style(highlight);
    let mut list_state = ListState::default().with_selected(Some(selected - start));
    frame.render_stateful_widget(list, inside, &mut list_state);
}
