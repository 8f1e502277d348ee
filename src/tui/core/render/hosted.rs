//! The right panel when a program is hosted: its screen as vt100 keeps it (tui-term draws
//! it), and once it has exited, how, with the keys to start it again or quit.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use tui_term::widget::PseudoTerminal;

use crate::tui::core::render::panel;
use crate::tui::core::state::Hosted;

pub fn render(hosted: &Hosted, focused: bool, frame: &mut Frame, area: Rect) {
    let mut title = vec![Span::styled(
        format!(" {} ", hosted.name),
        Style::new().add_modifier(Modifier::BOLD),
    )];
    let scrolled = hosted.screen.screen().scrollback();
    if scrolled > 0 {
        title.push(Span::styled(
            format!("↑ {scrolled} lines up "),
            Style::new().fg(Color::Yellow),
        ));
    }
    let block = panel(Line::from(title), focused);
    let inside = block.inner(area);
    frame.render_widget(block, area);
    let mut terminal = PseudoTerminal::new(hosted.screen.screen());
    if !focused || scrolled > 0 {
        let mut cursor = tui_term::widget::Cursor::default();
        cursor.hide();
        terminal = terminal.cursor(cursor);
    }
    frame.render_widget(&terminal, inside);
    if let Some(how) = &hosted.exited {
        let text = format!(
            " {} exited ({how}): Enter starts it again, q quits ",
            hosted.name
        );
        let width = (text.chars().count() as u16 + 2).min(inside.width);
        let note = Rect::new(
            inside.x + inside.width.saturating_sub(width) / 2,
            inside.y + inside.height / 2,
            width,
            1.min(inside.height),
        );
        frame.render_widget(Clear, note);
        frame.render_widget(
            Paragraph::new(Line::styled(
                text,
                Style::new().fg(Color::Black).bg(Color::Yellow),
            )),
            note,
        );
    }
}
