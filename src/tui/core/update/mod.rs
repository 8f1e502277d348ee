//! `update(&mut State, Msg) -> Vec<Cmd>`: the only place the state changes. Pure: no I/O,
//! no clock, no async; split by concern.

pub mod approval;
pub mod conversation;
pub mod findings;
pub mod hosted;
pub mod input;

use crate::tui::core::cmd::Cmd;
use crate::tui::core::key::{Code, Key};
use crate::tui::core::layout::areas;
use crate::tui::core::msg::Msg;
use crate::tui::core::state::{Entry, Focus, Graph, State, ToolEntry};
use conversation::push;

pub fn update(state: &mut State, msg: Msg) -> Vec<Cmd> {
    match msg {
        Msg::Resize { width, height } => {
            state.width = width;
            state.height = height;
            conversation::relayout(state);
            return hosted::resized(state);
        }
        Msg::Key { key } => return on_key(state, key),
        Msg::Hosting { name } => return hosted::start(state, name),
        Msg::HostedOutput { bytes } => hosted::output(state, &bytes),
        Msg::HostedExited { how } => hosted::exited(state, how),
        Msg::Paste { text } if state.focus == Focus::Hosted => {
            return hosted::paste(state, &text);
        }
        Msg::Paste { text } => {
            if state.focus == Focus::Input && state.pending.is_none() {
                state
                    .input
                    .insert_str(text.replace("\r\n", "\n").replace('\r', "\n"));
                conversation::relayout(state);
            }
        }
        Msg::Wheel { column, lines } => on_wheel(state, column, lines),
        Msg::Started { .. }
        | Msg::Loading { .. }
        | Msg::GraphReady { .. }
        | Msg::GraphFailed { .. }
        | Msg::Findings { .. } => repository(state, msg),
        Msg::Agent { turn, event } => {
            if turn == state.turn.id {
                conversation::agent_event(state, event);
            }
        }
        Msg::Approval {
            turn,
            id,
            name,
            input,
            preview,
        } => {
            if turn == state.turn.id && state.turn.running && !state.turn.cancelling {
                return approval::asked(state, id, name, input, preview);
            }
        }
        Msg::TurnEnded { turn, .. } => {
            if turn == state.turn.id {
                state.turn.running = false;
                state.turn.cancelling = false;
                state.pending = None;
                conversation::finish_streaming(state);
            }
        }
        Msg::ToolOutput { .. } | Msg::Notice { .. } | Msg::Conversation { .. } => {
            shown(state, msg);
        }
        Msg::Completions { word, items } => {
            if items.is_empty() {
                push(
                    state,
                    Entry::Notice(format!("no symbol starts with `{word}`")),
                );
            } else {
                input::apply(state, &word, items);
            }
        }
        Msg::PromptEdited { text } => {
            input::set_text(state, text.trim_end_matches('\n'));
        }
        Msg::ProposalEdited { id, input } => return approval::edited(state, &id, input),
    }
    Vec::new()
}

/// Lines for the conversation from outside the agent: tool output, notices, a session.
fn shown(state: &mut State, msg: Msg) {
    match msg {
        Msg::ToolOutput {
            title,
            text,
            is_error,
        } => {
            // The output shows whole below its line: no summary repeats it.
            let summary = String::new();
            let id = format!("slash-{}", state.conversation.shown.len());
            push(
                state,
                Entry::Tool(ToolEntry {
                    id,
                    name: title,
                    input: String::new(),
                    summary: Some(summary),
                    output: Some(text),
                    is_error,
                    expanded: true,
                }),
            );
            state.conversation.scroll = 0;
        }
        Msg::Notice { text, is_error } => {
            push(
                state,
                if is_error {
                    Entry::Error(text)
                } else {
                    Entry::Notice(text)
                },
            );
        }
        Msg::Conversation { session, entries } => {
            state.conversation = Default::default();
            state.status.session = session;
            for (role, text) in entries {
                let entry = match role.as_str() {
                    "user" => Entry::User(text),
                    "assistant" => Entry::Assistant { text, done: true },
                    _ => Entry::Notice(text),
                };
                push(state, entry);
            }
        }
        _ => {}
    }
}

/// What the repository, its graph and the model are doing.
fn repository(state: &mut State, msg: Msg) {
    match msg {
        Msg::Started {
            repository,
            branch,
            model,
            window,
            unavailable,
            session,
        } => {
            let status = &mut state.status;
            status.repository = repository;
            status.branch = branch;
            status.model = model;
            status.window = window;
            status.unavailable = unavailable;
            status.session = session;
        }
        Msg::Loading { stage, done, total } => {
            state.status.graph = Graph::Loading { stage, done, total };
        }
        Msg::GraphReady {
            nodes,
            edges,
            files,
            watching,
        } => {
            state.status.graph = Graph::Ready {
                nodes,
                edges,
                files,
            };
            state.status.watching = watching;
        }
        Msg::GraphFailed { message } => {
            push(
                state,
                Entry::Error(format!("the graph could not be built: {message}")),
            );
            state.status.graph = Graph::Failed(message);
        }
        Msg::Findings {
            added,
            resolved,
            nodes,
            pending,
        } => {
            findings::apply(state, added, &resolved);
            state.status.settling = pending;
            if let Graph::Ready { nodes: n, .. } = &mut state.status.graph {
                *n = nodes;
            }
        }
        _ => {}
    }
}

fn on_key(state: &mut State, key: Key) -> Vec<Cmd> {
    if state.hosted.is_some() {
        return on_key_hosting(state, key);
    }
    let quitting = std::mem::take(&mut state.quitting);
    if key == Key::ctrl('c') || (key.code == Code::Esc && state.turn.running && !key.ctrl) {
        return interrupt(state, quitting);
    }
    if key == Key::ctrl('z') {
        return vec![Cmd::Suspend];
    }
    if state.pending.is_some() {
        return approval::key(state, key);
    }
    if key == Key::ctrl(']') || key.code == Code::BackTab {
        state.focus = match state.focus {
            Focus::Input | Focus::Hosted => Focus::Findings,
            Focus::Findings => Focus::Conversation,
            Focus::Conversation => Focus::Input,
        };
        return Vec::new();
    }
    match (key.code, state.focus) {
        (Code::PageUp, Focus::Input | Focus::Conversation) => {
            let page = conversation::page(state);
            conversation::scroll(state, -page);
            return Vec::new();
        }
        (Code::PageDown, Focus::Input | Focus::Conversation) => {
            let page = conversation::page(state);
            conversation::scroll(state, page);
            return Vec::new();
        }
        _ => {}
    }
    match state.focus {
        Focus::Input | Focus::Hosted => input::key(state, key),
        Focus::Findings => {
            if key.code == Code::Tab && !state.findings.filtering {
                state.focus = Focus::Conversation;
                conversation::select(state, 1);
                return Vec::new();
            }
            findings::key(state, key)
        }
        Focus::Conversation => {
            match key.code {
                Code::Up => conversation::select(state, -1),
                Code::Char('k') => conversation::select(state, -1),
                Code::Down | Code::Char('j') => conversation::select(state, 1),
                Code::Enter => conversation::toggle_selected(state),
                Code::End | Code::Char('G') => state.conversation.scroll = 0,
                Code::Home | Code::Char('g') => {
                    state.conversation.scroll = conversation::max_scroll(state);
                }
                Code::Esc | Code::Tab => {
                    conversation::set_selected(state, None);
                    state.focus = Focus::Input;
                }
                _ => {}
            }
            Vec::new()
        }
    }
}

/// Keys while a program is hosted: all of them are its own but Ctrl+], which moves the keys
/// between it and the findings; in the findings, `a` hands it the finding and Ctrl+C twice
/// quits.
fn on_key_hosting(state: &mut State, key: Key) -> Vec<Cmd> {
    let quitting = std::mem::take(&mut state.quitting);
    if key == Key::ctrl(']') {
        state.focus = if state.focus == Focus::Hosted {
            Focus::Findings
        } else {
            Focus::Hosted
        };
        return Vec::new();
    }
    if state.focus == Focus::Hosted {
        return hosted::key(state, key);
    }
    if key == Key::ctrl('c') {
        if quitting {
            state.quit = true;
            return vec![Cmd::Quit];
        }
        state.quitting = true;
        return Vec::new();
    }
    if key == Key::ctrl('z') {
        return vec![Cmd::Suspend];
    }
    match key.code {
        Code::Char('a') if !state.findings.filtering && !key.ctrl => {
            match findings::selected(state).cloned() {
                Some(finding) => hosted::send_finding(state, &finding),
                None => Vec::new(),
            }
        }
        Code::Tab | Code::Esc if !state.findings.filtering && state.findings.filter.is_empty() => {
            state.focus = Focus::Hosted;
            Vec::new()
        }
        _ => findings::key(state, key),
    }
}

/// Ctrl+C (and Esc while a turn runs): cancel the turn, else clear the prompt, else quit
/// on the second press.
fn interrupt(state: &mut State, quitting: bool) -> Vec<Cmd> {
    if state.turn.running {
        state.pending = None;
        if state.turn.cancelling {
            return Vec::new();
        }
        state.turn.cancelling = true;
        return vec![Cmd::Cancel {
            turn: state.turn.id,
        }];
    }
    if state.findings.filtering {
        state.findings.filtering = false;
        return Vec::new();
    }
    if !state.input_text().is_empty() {
        input::set_text(state, "");
        return Vec::new();
    }
    if quitting {
        state.quit = true;
        return vec![Cmd::Quit];
    }
    state.quitting = true;
    Vec::new()
}

fn on_wheel(state: &mut State, column: u16, lines: i32) {
    let input_lines = if state.hosted.is_some() {
        0
    } else {
        state.input.lines().len()
    };
    let areas = areas(state.width, state.height, input_lines, false);
    if column < areas.findings.right() {
        let count = findings::visible(state).len();
        let next =
            (state.findings.selected as i64 + i64::from(lines)).clamp(0, (count as i64 - 1).max(0));
        state.findings.selected = next as usize;
    } else if state.hosted.is_some() {
        hosted::scroll(state, lines);
    } else {
        conversation::scroll(state, i64::from(lines) * 3);
    }
}
