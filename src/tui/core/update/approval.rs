//! A tool call waiting for the user: `y` run it, `n` refuse, `e` edit the proposal in
//! `$EDITOR` and run the edited version, `a` allow the tool for the rest of the session,
//! `?` explain the keys.

use crate::tui::core::cmd::Cmd;
use crate::tui::core::key::{Code, Key};
use crate::tui::core::msg::Preview;
use crate::tui::core::state::{Entry, Pending, State};
use crate::tui::core::update::conversation::push;

/// The argument `e` opens in the editor, per tool.
pub fn editable_field(tool: &str) -> Option<&'static str> {
    match tool {
        "edit_file" => Some("new"),
        "write_file" => Some("content"),
        "bash" => Some("command"),
        _ => None,
    }
}

pub fn asked(
    state: &mut State,
    id: String,
    name: String,
    input: serde_json::Value,
    preview: Preview,
) -> Vec<Cmd> {
    if state.always.contains(&name) {
        return vec![Cmd::Answer {
            id,
            allow: true,
            input: None,
        }];
    }
    state.pending = Some(Pending {
        id,
        name,
        input,
        preview,
        help: false,
        scroll: 0,
    });
    Vec::new()
}

pub fn key(state: &mut State, key: Key) -> Vec<Cmd> {
    let Some(pending) = state.pending.as_mut() else {
        return Vec::new();
    };
    let answer = |allow: bool| Cmd::Answer {
        id: pending.id.clone(),
        allow,
        input: None,
    };
    let cmds = match key.code {
        Code::Char('y') => vec![answer(true)],
        Code::Char('n') => vec![answer(false)],
        Code::Char('a') => {
            let name = pending.name.clone();
            let cmd = answer(true);
            state.always.push(name.clone());
            push(
                state,
                Entry::Notice(format!(
                    "{name} is allowed without asking for the rest of this session"
                )),
            );
            vec![cmd]
        }
        Code::Char('e') => match editable_field(&pending.name) {
            Some(field) => {
                return vec![Cmd::EditProposal {
                    id: pending.id.clone(),
                    input: pending.input.clone(),
                    field: field.to_string(),
                }];
            }
            None => return Vec::new(),
        },
        Code::Char('?') => {
            pending.help = !pending.help;
            return Vec::new();
        }
        Code::Up | Code::Char('k') => {
            pending.scroll = pending.scroll.saturating_sub(1);
            return Vec::new();
        }
        Code::Down | Code::Char('j') => {
            pending.scroll += 1;
            return Vec::new();
        }
        Code::PageUp => {
            pending.scroll = pending.scroll.saturating_sub(10);
            return Vec::new();
        }
        Code::PageDown => {
            pending.scroll += 10;
            return Vec::new();
        }
        _ => return Vec::new(),
    };
    state.pending = None;
    cmds
}

/// The editor returned with the user's version of the proposal.
pub fn edited(state: &mut State, id: &str, input: serde_json::Value) -> Vec<Cmd> {
    if state.pending.as_ref().is_none_or(|p| p.id != id) {
        return Vec::new();
    }
    state.pending = None;
    vec![Cmd::Answer {
        id: id.to_string(),
        allow: true,
        input: Some(input),
    }]
}

pub const HELP: &str = "y  run it as shown\nn  refuse (the model is told)\ne  open the proposal in $EDITOR and run your version\na  allow this tool without asking for the rest of the session\n?  this help · ↑↓ PgUp PgDn scroll · Ctrl+C cancel the turn";
