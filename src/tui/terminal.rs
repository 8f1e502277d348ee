//! The real terminal: entering and leaving the full-screen mode (on every way out: normal
//! exit, panic, signal, Ctrl+Z), and crossterm's events as the core's messages.

use std::io::Write;

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
    KeyCode, KeyEventKind, KeyModifiers, MouseEventKind,
};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::tui::core::{Code, Key, Msg};

pub type Term = Terminal<CrosstermBackend<std::io::Stdout>>;

/// Raw mode, the alternate screen, mouse wheel and bracketed paste.
pub fn enter() -> std::io::Result<()> {
    enable_raw_mode()?;
    execute!(
        std::io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste,
        cursor::Hide
    )
}

/// Back to the shell's terminal. Safe to call more than once and from a panic hook.
pub fn leave() {
    let mut stdout = std::io::stdout();
    let _ = execute!(
        stdout,
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        cursor::Show
    );
    let _ = disable_raw_mode();
    let _ = stdout.flush();
}

/// A panic restores the terminal before its message is printed, so the message is
/// readable and the shell usable.
pub fn restore_on_panic() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave();
        previous(info);
    }));
}

/// Leaves the screen, stops the process as a shell job (SIGTSTP) and comes back when the
/// shell resumes it.
pub fn suspend(terminal: &mut Term) -> std::io::Result<()> {
    leave();
    let _ = rustix::process::kill_process(rustix::process::getpid(), rustix::process::Signal::TSTP);
    enter()?;
    redraw_all(terminal)
}

/// The screen was someone else's meanwhile (an editor, the shell): clear it and forget what
/// was drawn, so the next frame draws every cell. (ratatui's `clear` asks the terminal
/// where the cursor is, an answer that may never come back to us here.)
pub fn redraw_all(terminal: &mut Term) -> std::io::Result<()> {
    execute!(
        std::io::stdout(),
        crossterm::terminal::Clear(crossterm::terminal::ClearType::All)
    )?;
    *terminal = Terminal::new(CrosstermBackend::new(std::io::stdout()))?;
    Ok(())
}

/// A terminal event as a message, if the core cares about it.
pub fn message(event: Event) -> Option<Msg> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => {
            let code = match key.code {
                KeyCode::Char(c) => Code::Char(c),
                KeyCode::Enter => Code::Enter,
                KeyCode::Esc => Code::Esc,
                KeyCode::Backspace => Code::Backspace,
                KeyCode::Delete => Code::Delete,
                KeyCode::Tab => Code::Tab,
                KeyCode::BackTab => Code::BackTab,
                KeyCode::Up => Code::Up,
                KeyCode::Down => Code::Down,
                KeyCode::Left => Code::Left,
                KeyCode::Right => Code::Right,
                KeyCode::Home => Code::Home,
                KeyCode::End => Code::End,
                KeyCode::PageUp => Code::PageUp,
                KeyCode::PageDown => Code::PageDown,
                _ => return None,
            };
            let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
            // Ctrl+] arrives as Ctrl+5 on some terminals and as the raw group separator.
            let code = match code {
                Code::Char('5') if ctrl => Code::Char(']'),
                other => other,
            };
            Some(Msg::Key {
                key: Key {
                    code,
                    ctrl,
                    alt: key.modifiers.contains(KeyModifiers::ALT),
                    // A capital letter already says shift.
                    shift: key.modifiers.contains(KeyModifiers::SHIFT)
                        && !matches!(code, Code::Char(_)),
                },
            })
        }
        Event::Paste(text) => Some(Msg::Paste { text }),
        Event::Resize(width, height) => Some(Msg::Resize { width, height }),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => Some(Msg::Wheel {
                column: mouse.column,
                lines: -1,
            }),
            MouseEventKind::ScrollDown => Some(Msg::Wheel {
                column: mouse.column,
                lines: 1,
            }),
            _ => None,
        },
        _ => None,
    }
}
