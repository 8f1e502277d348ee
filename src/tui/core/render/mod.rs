//! `render(&State, &mut Frame)`: draws the state, changes nothing.

pub mod entry;
mod findings;
mod hosted;
mod status;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph, Wrap};

use crate::tui::core::layout::areas;
use crate::tui::core::msg::Preview;
use crate::tui::core::state::{Focus, Pending, State};
use crate::tui::core::update::approval;

pub fn render(state: &State, frame: &mut Frame) {
    let hosting = state.hosted.is_some();
    let areas = areas(
        frame.area().width,
        frame.area().height,
        if hosting {
            0
        } else {
            state.input.lines().len()
        },
        !hosting && !state.candidates.is_empty(),
    );
    findings::render(state, frame, areas.findings);
    if let Some(hosted) = &state.hosted {
        hosted::render(
            hosted,
            state.focus == Focus::Hosted,
            frame,
            areas.conversation,
        );
        status::render(state, frame, areas.status);
        return;
    }
    conversation(state, frame, areas.conversation);
    if let Some(pending) = &state.pending {
        approval_popup(pending, frame, areas.conversation);
    }
    if !state.candidates.is_empty() {
        let text = state.candidates.join("  ");
        frame.render_widget(
            Paragraph::new(Line::styled(text, Style::new().fg(Color::Gray))),
            areas.candidates,
        );
    }
    input(state, frame, areas.input);
    status::render(state, frame, areas.status);
}

pub fn panel(title: Line<'static>, focused: bool) -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(if focused {
            Style::new().fg(Color::Cyan)
        } else {
            Style::new().fg(Color::DarkGray)
        })
        .title(title)
}

fn conversation(state: &State, frame: &mut Frame, area: Rect) {
    let convo = &state.conversation;
    let mut title = vec![Span::styled(
        " Conversation ",
        Style::new().add_modifier(Modifier::BOLD),
    )];
    if convo.scroll > 0 {
        title.push(Span::styled(
            format!("↑ {} rows up · End follows ", convo.scroll),
            Style::new().fg(Color::Yellow),
        ));
    }
    let block = panel(Line::from(title), state.focus == Focus::Conversation);
    let inside = block.inner(area);
    frame.render_widget(block, area);
    if convo.shown.is_empty() {
        let welcome = vec![
            Line::styled("repotoire", Style::new().add_modifier(Modifier::BOLD)),
            Line::raw(""),
            Line::raw("Ask about this repository, or type /help for commands that need no model."),
            Line::raw(
                "Tab moves to the findings; Enter on one explains it, a asks the agent about it.",
            ),
        ];
        frame.render_widget(Paragraph::new(welcome).wrap(Wrap { trim: false }), inside);
        return;
    }
    // Only the entries that reach the visible rows are drawn.
    let height = usize::from(inside.height);
    let bottom = convo.rows.saturating_sub(convo.scroll);
    let top = bottom.saturating_sub(height);
    let mut row = convo.rows;
    let mut first = convo.shown.len();
    while first > 0 && row > top {
        first -= 1;
        row -= convo.shown[first].height;
    }
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut end_row = row;
    for shown in &convo.shown[first..] {
        if end_row >= bottom {
            break;
        }
        lines.extend(shown.lines.iter().cloned());
        end_row += shown.height;
    }
    let skip = (top - row).min(u16::MAX as usize) as u16;
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((skip, 0)),
        inside,
    );
}

fn input(state: &State, frame: &mut Frame, area: Rect) {
    let keys = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
    if let Some(pending) = &state.pending {
        let mut line = vec![Span::styled(format!(" {} ", pending.name), keys)];
        line.extend([
            Span::raw("[y]es [n]o "),
            Span::raw(if approval::editable_field(&pending.name).is_some() {
                "[e]dit "
            } else {
                ""
            }),
            Span::raw("[a]lways [?]"),
        ]);
        let block = panel(Line::from(" approve? "), true);
        frame.render_widget(Paragraph::new(Line::from(line)).block(block), area);
        return;
    }
    let title = if state.quitting {
        Line::styled(" press Ctrl+C again to quit ", keys)
    } else if state.turn.cancelling {
        Line::styled(" cancelling… ", keys)
    } else if state.turn.running {
        Line::styled(
            " working… Ctrl+C or Esc cancels ",
            Style::new().fg(Color::Yellow),
        )
    } else if state.findings.filtering {
        Line::raw(" filtering findings: Enter keeps the filter, Esc in the panel clears it ")
    } else {
        Line::raw(" > ")
    };
    let mut text = state.input.clone();
    text.set_block(panel(title, state.focus == Focus::Input));
    if state.focus != Focus::Input {
        text.set_cursor_style(Style::new());
    }
    frame.render_widget(&text, area);
}

fn approval_popup(pending: &Pending, frame: &mut Frame, area: Rect) {
    let (what, mut lines) = match &pending.preview {
        Preview::Diff { path, diff } => (path.clone(), entry::diff_lines(diff)),
        Preview::Command { command } => (
            "command".to_string(),
            command
                .lines()
                .map(|l| Line::styled(format!("$ {l}"), Style::new().fg(Color::Yellow)))
                .collect(),
        ),
        Preview::Arguments { text } => (
            "arguments".to_string(),
            text.lines().map(|l| Line::raw(l.to_string())).collect(),
        ),
        Preview::Unavailable { reason } => (
            "cannot preview".to_string(),
            vec![Line::styled(reason.clone(), Style::new().fg(Color::Red))],
        ),
    };
    if pending.help {
        lines = approval::HELP
            .lines()
            .map(|l| Line::raw(l.to_string()))
            .collect();
    }
    let title = Line::from(vec![Span::styled(
        format!(" {} wants to change {what} ", pending.name),
        Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    )]);
    let block = panel(title, true);
    // As tall as the change needs, at the bottom, so the turn that led to it stays in view
    // above when it can.
    let wanted = (lines.len() as u16).saturating_add(2);
    let height = wanted.clamp(5.min(area.height), area.height.saturating_sub(4).max(5));
    let height = height.min(area.height.saturating_sub(1));
    let popup = Rect {
        x: area.x + 1,
        y: area.y + area.height.saturating_sub(height + 1),
        width: area.width.saturating_sub(2),
        height,
    };
    frame.render_widget(Clear, popup);
    let scroll = pending.scroll.min(lines.len().saturating_sub(1)) as u16;
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        popup,
    );
}
