//! The status bar: repository, branch, model, context, graph and watch state, tokens.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::tui::core::state::{Graph, State};

/// 12345 → "12k", 1234 → "1.2k".
pub fn thousands(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..10_000 => format!("{:.1}k", n as f64 / 1000.0),
        10_000..1_000_000 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1_000_000.0),
    }
}

fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

pub fn render(state: &State, frame: &mut Frame, area: Rect) {
    let status = &state.status;
    let dim = Style::new().fg(Color::Gray);
    let mut spans = vec![Span::styled(
        format!(" {} ", status.repository),
        Style::new().add_modifier(Modifier::BOLD),
    )];
    if let Some(branch) = &status.branch {
        spans.push(Span::styled(format!(" {branch} "), dim));
    }
    if let Some(hosted) = &state.hosted {
        let keys = if state.focus == crate::tui::core::state::Focus::Hosted {
            format!(" keys: {} (Ctrl+] findings) ", hosted.name)
        } else {
            format!(" keys: findings (Ctrl+] {}) ", hosted.name)
        };
        spans.push(Span::styled(keys, Style::new().fg(Color::Cyan)));
    }
    let model = if state.hosted.is_some() {
        String::new()
    } else if status.unavailable.is_some() {
        format!(" {} (no key) ", status.model)
    } else {
        format!(" {} ", status.model)
    };
    spans.push(Span::styled(model, Style::new().fg(Color::Cyan)));
    if status.window > 0 && state.hosted.is_none() {
        spans.push(Span::styled(
            format!(
                " ctx {}/{} ",
                thousands(status.context),
                thousands(status.window)
            ),
            dim,
        ));
    }
    let graph = match &status.graph {
        Graph::Starting => Span::styled(" graph starting ", Style::new().fg(Color::Yellow)),
        Graph::Loading { stage, done, total } if *total > 0 && stage == "parsing" => Span::styled(
            format!(" graph loading: {stage} {done}/{total} files "),
            Style::new().fg(Color::Yellow),
        ),
        Graph::Loading { stage, .. } => Span::styled(
            format!(" graph loading: {stage} "),
            Style::new().fg(Color::Yellow),
        ),
        Graph::Ready { nodes, .. } => {
            Span::styled(format!(" graph {} nodes ", grouped(*nodes)), dim)
        }
        Graph::Failed(_) => Span::styled(" graph failed ", Style::new().fg(Color::Red)),
    };
    spans.push(graph);
    if status.settling {
        spans.push(Span::styled(
            " updating calls ",
            Style::new().fg(Color::Yellow),
        ));
    }
    if status.watching {
        spans.push(Span::styled(" watching ", Style::new().fg(Color::Green)));
    }
    if status.tokens > 0 {
        spans.push(Span::styled(
            format!(" {} tokens ", thousands(status.tokens)),
            dim,
        ));
    }
    frame.render_widget(
        Paragraph::new(Line::from(spans)).style(Style::new().bg(Color::Black)),
        area,
    );
}
