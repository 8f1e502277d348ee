//! The prompt: typing (ratatui-textarea), history, sending, slash commands and completion.

use ratatui_textarea::{CursorMove, Input, Key as TextKey};

use crate::tui::core::cmd::Cmd;
use crate::tui::core::key::{Code, Key};
use crate::tui::core::slash::{self, Slash};
use crate::tui::core::state::{Entry, State, new_input};
use crate::tui::core::update::conversation::{self, push};

fn text_input(key: Key) -> Input {
    let key_code = match key.code {
        Code::Char(c) => TextKey::Char(c),
        Code::Enter => TextKey::Enter,
        Code::Esc => TextKey::Esc,
        Code::Backspace => TextKey::Backspace,
        Code::Delete => TextKey::Delete,
        Code::Tab | Code::BackTab => TextKey::Tab,
        Code::Up => TextKey::Up,
        Code::Down => TextKey::Down,
        Code::Left => TextKey::Left,
        Code::Right => TextKey::Right,
        Code::Home => TextKey::Home,
        Code::End => TextKey::End,
        Code::PageUp => TextKey::PageUp,
        Code::PageDown => TextKey::PageDown,
    };
    Input {
        key: key_code,
        ctrl: key.ctrl,
        alt: key.alt,
        shift: key.shift,
    }
}

pub fn set_text(state: &mut State, text: &str) {
    let mut input = new_input();
    input.insert_str(text);
    state.input = input;
    conversation::relayout(state);
}

pub fn key(state: &mut State, key: Key) -> Vec<Cmd> {
    state.candidates.clear();
    let lines = state.input.lines().len();
    let row = state.input.cursor().0;
    match key.code {
        Code::Enter if key.alt || key.shift => newline(state),
        Code::Char('j') if key.ctrl => newline(state),
        Code::Enter => {
            let text = state.input_text();
            if text.trim().is_empty() {
                return Vec::new();
            }
            set_text(state, "");
            state.history_at = None;
            if state.history.last() != Some(&text) {
                state.history.push(text.clone());
            }
            if text.trim_start().starts_with('/') {
                return slash_command(state, &text);
            }
            return send(state, text);
        }
        Code::Up if row == 0 => history(state, -1),
        Code::Down if row + 1 == lines => history(state, 1),
        Code::Char('g') if key.ctrl => {
            return vec![Cmd::EditPrompt {
                text: state.input_text(),
            }];
        }
        Code::Tab => return complete(state),
        _ => {
            state.input.input(text_input(key));
            if state.input.lines().len() != lines {
                conversation::relayout(state);
            }
        }
    }
    Vec::new()
}

fn newline(state: &mut State) {
    state.input.insert_newline();
    conversation::relayout(state);
}

fn history(state: &mut State, delta: i64) {
    if state.history.is_empty() {
        return;
    }
    let last = state.history.len() as i64;
    let at = match state.history_at {
        None if delta > 0 => return,
        None => {
            state.draft = state.input_text();
            last - 1
        }
        Some(at) => at as i64 + delta,
    };
    if at >= last {
        state.history_at = None;
        let draft = std::mem::take(&mut state.draft);
        set_text(state, &draft);
        return;
    }
    let at = at.max(0) as usize;
    state.history_at = Some(at);
    let text = state.history[at].clone();
    set_text(state, &text);
}

/// Sends a prompt to the agent, or says why it cannot be.
pub fn send(state: &mut State, prompt: String) -> Vec<Cmd> {
    if state.turn.running {
        push(
            state,
            Entry::Error("a turn is running: wait for it or press Ctrl+C to cancel it".into()),
        );
        return Vec::new();
    }
    if let Some(why) = state.status.unavailable.clone() {
        push(state, Entry::User(prompt));
        push(state, Entry::Error(why));
        return Vec::new();
    }
    state.turn.id += 1;
    state.turn.running = true;
    state.turn.cancelling = false;
    state.conversation.scroll = 0;
    push(state, Entry::User(prompt.clone()));
    vec![Cmd::Send {
        turn: state.turn.id,
        prompt,
    }]
}

fn slash_command(state: &mut State, line: &str) -> Vec<Cmd> {
    state.conversation.scroll = 0;
    match slash::parse(line) {
        Err(why) => {
            push(state, Entry::Error(why));
            Vec::new()
        }
        Ok(Slash::Help) => {
            push(state, Entry::Notice(slash::help()));
            Vec::new()
        }
        Ok(Slash::Quit) => {
            state.quit = true;
            vec![Cmd::Quit]
        }
        Ok(Slash::Model(None)) => {
            push(
                state,
                Entry::Notice(format!(
                    "model: {} (switch with /model PROVIDER/MODEL)",
                    state.status.model
                )),
            );
            Vec::new()
        }
        Ok(Slash::Model(Some(model))) => vec![Cmd::SetModel { model }],
        Ok(_) if state.turn.running => {
            push(
                state,
                Entry::Error("a turn is running: wait for it or press Ctrl+C".into()),
            );
            Vec::new()
        }
        Ok(Slash::Compact) => vec![Cmd::Compact],
        Ok(Slash::Clear) => {
            state.conversation = Default::default();
            vec![Cmd::NewSession]
        }
        Ok(Slash::Sessions) => vec![Cmd::ListSessions],
        Ok(Slash::Resume(id)) => vec![Cmd::Resume { id }],
        Ok(Slash::Tool { name, args }) => vec![Cmd::Tool {
            title: line.trim().to_string(),
            name,
            args,
        }],
    }
}

/// The word under completion: the command after `/`, else the last word.
fn word(text: &str) -> Option<(bool, String)> {
    if text.contains('\n') {
        return None;
    }
    if let Some(command) = text.strip_prefix('/')
        && !command.contains(char::is_whitespace)
    {
        return Some((true, command.to_string()));
    }
    let last = text.rsplit(char::is_whitespace).next().unwrap_or("");
    (!last.is_empty()).then(|| (false, last.to_string()))
}

fn complete(state: &mut State) -> Vec<Cmd> {
    let text = state.input_text();
    if !text.starts_with('/') {
        // Tab outside a command moves the keys to the findings.
        state.focus = crate::tui::core::state::Focus::Findings;
        return Vec::new();
    }
    match word(&text) {
        Some((true, prefix)) => {
            let found = slash::complete_command(&prefix);
            apply(state, &prefix, found);
            Vec::new()
        }
        Some((false, word)) => vec![Cmd::Complete { word }],
        None => Vec::new(),
    }
}

/// Candidates for `word` arrived (or were found): extend the word by what they share and
/// list them when there is more than one.
pub fn apply(state: &mut State, word: &str, items: Vec<String>) {
    let text = state.input_text();
    if !text.ends_with(word) {
        return;
    }
    let common = slash::common_prefix(&items);
    if common.len() > word.len() {
        state.input.move_cursor(CursorMove::End);
        state.input.insert_str(&common[word.len()..]);
    }
    if items.len() == 1 {
        state.input.insert_char(' ');
    } else {
        state.candidates = items;
    }
}
