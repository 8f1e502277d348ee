//! A hosted program: its output folded into its screen, keys and pastes encoded as a
//! terminal would send them, findings handed to it as a labelled paste, and what happens
//! once it exits (Enter starts it again, q quits).

use crate::detect::Finding;
use crate::tui::core::cmd::Cmd;
use crate::tui::core::key::{Code, Key};
use crate::tui::core::layout::hosted_inside;
use crate::tui::core::state::{Focus, Hosted, SCROLLBACK, State};

/// The hosted program is starting: it gets the keys and the right panel.
pub fn start(state: &mut State, name: String) -> Vec<Cmd> {
    let inside = hosted_inside(state.width, state.height);
    state.hosted = Some(Hosted {
        name,
        screen: vt100::Parser::new(inside.height, inside.width, SCROLLBACK),
        exited: None,
    });
    state.focus = Focus::Hosted;
    vec![Cmd::HostedResize {
        rows: inside.height,
        cols: inside.width,
    }]
}

pub fn output(state: &mut State, bytes: &[u8]) {
    if let Some(hosted) = &mut state.hosted {
        hosted.screen.process(bytes);
    }
}

pub fn exited(state: &mut State, how: String) {
    if let Some(hosted) = &mut state.hosted {
        hosted.exited = Some(how);
    }
}

/// The window changed size: so does the program's terminal.
pub fn resized(state: &mut State) -> Vec<Cmd> {
    let inside = hosted_inside(state.width, state.height);
    let Some(hosted) = &mut state.hosted else {
        return Vec::new();
    };
    hosted
        .screen
        .screen_mut()
        .set_size(inside.height, inside.width);
    vec![Cmd::HostedResize {
        rows: inside.height,
        cols: inside.width,
    }]
}

pub fn scroll(state: &mut State, lines: i32) {
    if let Some(hosted) = &mut state.hosted {
        let now = hosted.screen.screen().scrollback() as i64;
        let next = (now - i64::from(lines) * 3).max(0) as usize;
        hosted.screen.screen_mut().set_scrollback(next);
    }
}

pub fn key(state: &mut State, key: Key) -> Vec<Cmd> {
    let Some(hosted) = &mut state.hosted else {
        return Vec::new();
    };
    if hosted.exited.is_some() {
        return match key.code {
            Code::Enter => {
                let (rows, cols) = hosted.screen.screen().size();
                hosted.screen = vt100::Parser::new(rows, cols, SCROLLBACK);
                hosted.exited = None;
                vec![Cmd::RestartHosted { rows, cols }]
            }
            Code::Char('q') => {
                state.quit = true;
                vec![Cmd::Quit]
            }
            _ => Vec::new(),
        };
    }
    // Typing returns to the live screen.
    hosted.screen.screen_mut().set_scrollback(0);
    let bytes = encode(key, hosted.screen.screen().application_cursor());
    if bytes.is_empty() {
        return Vec::new();
    }
    vec![Cmd::HostedInput { bytes }]
}

pub fn paste(state: &mut State, text: &str) -> Vec<Cmd> {
    let Some(hosted) = &state.hosted else {
        return Vec::new();
    };
    let bytes = if hosted.screen.screen().bracketed_paste() {
        bracketed(text)
    } else {
        text.as_bytes().to_vec()
    };
    vec![Cmd::HostedInput { bytes }]
}

fn bracketed(text: &str) -> Vec<u8> {
    let mut bytes = b"\x1b[200~".to_vec();
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(b"\x1b[201~");
    bytes
}

/// `a` on a finding: a short, labelled message to the hosted program, pasted and sent.
pub fn send_finding(state: &mut State, finding: &Finding) -> Vec<Cmd> {
    let text = format!(
        "[repotoire finding] {} ({}) at {}:{}: {} — use the repotoire MCP tools (explain_finding, find_callers, impact_of) to check it and fix it.",
        finding.detector,
        finding.severity.as_str(),
        finding.file,
        finding.line,
        finding.message
    );
    state.focus = Focus::Hosted;
    let mut bytes = bracketed(&text);
    bytes.push(b'\r');
    vec![Cmd::HostedInput { bytes }]
}

/// A key as a terminal sends it (xterm's encoding).
pub fn encode(key: Key, application_cursor: bool) -> Vec<u8> {
    let mut out = Vec::new();
    if key.alt {
        out.push(0x1b);
    }
    let arrow = |c: u8| {
        if application_cursor {
            vec![0x1b, b'O', c]
        } else {
            vec![0x1b, b'[', c]
        }
    };
    let rest: Vec<u8> = match key.code {
        Code::Char(c) if key.ctrl => match c {
            'a'..='z' => vec![c as u8 - b'a' + 1],
            'A'..='Z' => vec![c as u8 - b'A' + 1],
            ' ' | '@' | '2' => vec![0],
            '[' | '3' => vec![0x1b],
            '\\' | '4' => vec![0x1c],
            ']' | '5' => vec![0x1d],
            '^' | '6' => vec![0x1e],
            '_' | '7' | '/' => vec![0x1f],
            other => other.to_string().into_bytes(),
        },
        Code::Char(c) => c.to_string().into_bytes(),
        Code::Enter => vec![b'\r'],
        Code::Esc => vec![0x1b],
        Code::Backspace => vec![0x7f],
        Code::Delete => b"\x1b[3~".to_vec(),
        Code::Tab => vec![b'\t'],
        Code::BackTab => b"\x1b[Z".to_vec(),
        Code::Up => arrow(b'A'),
        Code::Down => arrow(b'B'),
        Code::Right => arrow(b'C'),
        Code::Left => arrow(b'D'),
        Code::Home => arrow(b'H'),
        Code::End => arrow(b'F'),
        Code::PageUp => b"\x1b[5~".to_vec(),
        Code::PageDown => b"\x1b[6~".to_vec(),
    };
    out.extend(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_encoded_as_xterm_sends_them() {
        let k = |t: &str| Key::parse(t).unwrap();
        assert_eq!(encode(k("a"), false), b"a");
        assert_eq!(encode(k("ctrl+c"), false), [3]);
        assert_eq!(encode(k("alt+b"), false), b"\x1bb");
        assert_eq!(encode(k("enter"), false), b"\r");
        assert_eq!(encode(k("up"), false), b"\x1b[A");
        assert_eq!(encode(k("up"), true), b"\x1bOA");
        assert_eq!(encode(k("backtab"), false), b"\x1b[Z");
        assert_eq!(encode(k("é"), false), "é".as_bytes());
    }
}
