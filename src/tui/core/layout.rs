//! Where each part of the screen goes, for the renderer and for the reducer (which wraps
//! conversation lines at the panel's width and pages by its height).

use ratatui::layout::{Constraint, Layout, Rect};

pub struct Areas {
    pub findings: Rect,
    pub conversation: Rect,
    /// Completion candidates, when there are any (else zero rows).
    pub candidates: Rect,
    pub input: Rect,
    pub status: Rect,
}

/// Most rows the prompt grows to before it scrolls.
const MAX_INPUT_ROWS: u16 = 8;

/// `input_lines` 0: no prompt (a hosted program has the right panel).
pub fn areas(width: u16, height: u16, input_lines: usize, candidates: bool) -> Areas {
    let screen = Rect::new(0, 0, width, height);
    let input_rows = if input_lines == 0 {
        0
    } else {
        (input_lines as u16).clamp(1, MAX_INPUT_ROWS) + 2
    };
    let [body, candidates, input, status] = Layout::vertical([
        Constraint::Min(3),
        Constraint::Length(u16::from(candidates)),
        Constraint::Length(input_rows),
        Constraint::Length(1),
    ])
    .areas(screen);
    // About a quarter of the width for the findings, never so little that a detector id
    // does not fit.
    let left = (width / 4).max(26).min(width / 2);
    let [findings, conversation] =
        Layout::horizontal([Constraint::Length(left), Constraint::Min(10)]).areas(body);
    Areas {
        findings,
        conversation,
        candidates,
        input,
        status,
    }
}

/// Where the hosted program's screen goes: the right panel's inside, the prompt's rows
/// included.
pub fn hosted_inside(width: u16, height: u16) -> Rect {
    let area = areas(width, height, 0, false).conversation;
    Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2).max(1),
        area.height.saturating_sub(2).max(1),
    )
}

/// The conversation panel's inside: its width for wrapping and its height for paging.
pub fn conversation_inside(width: u16, height: u16, input_lines: usize) -> (u16, u16) {
    let area = areas(width, height, input_lines, false).conversation;
    (area.width.saturating_sub(2), area.height.saturating_sub(2))
}
