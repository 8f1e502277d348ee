//! The conversation: entries added and changed, each wrapped once when it changes (not on
//! every frame), and the agent's events folded in.

use ratatui::widgets::{Paragraph, Wrap};

use crate::agent::Event;
use crate::tui::core::layout::conversation_inside;
use crate::tui::core::render::entry;
use crate::tui::core::state::{Entry, Shown, State, ToolEntry};

/// Arguments shown on a tool's line, at most.
const INPUT_CHARS: usize = 80;

fn shown(entry: Entry, width: u16, selected: bool) -> Shown {
    let lines = entry::lines(&entry, selected);
    let height = Paragraph::new(lines.clone())
        .wrap(Wrap { trim: false })
        .line_count(width.max(1));
    Shown {
        entry,
        lines,
        height,
        width,
    }
}

fn width(state: &State) -> u16 {
    conversation_inside(state.width, state.height, state.input.lines().len()).0
}

pub fn push(state: &mut State, entry: Entry) {
    let shown = shown(entry, width(state), false);
    let conversation = &mut state.conversation;
    conversation.rows += shown.height;
    // Someone reading back keeps their place while new lines arrive.
    if conversation.scroll > 0 {
        conversation.scroll += shown.height;
    }
    conversation.shown.push(shown);
}

/// Changes entry `index` and wraps it again.
pub fn change(state: &mut State, index: usize, edit: impl FnOnce(&mut Entry)) {
    let width = width(state);
    let selected = state.conversation.selected == Some(index);
    let conversation = &mut state.conversation;
    let last = index + 1 == conversation.shown.len();
    let Some(old) = conversation.shown.get_mut(index) else {
        return;
    };
    let mut entry = old.entry.clone();
    edit(&mut entry);
    let new = shown(entry, width, selected);
    conversation.rows = conversation.rows - old.height + new.height;
    if conversation.scroll > 0 && last {
        conversation.scroll = (conversation.scroll + new.height).saturating_sub(old.height);
    }
    *old = new;
}

/// Wraps every entry again (the panel's width changed).
pub fn relayout(state: &mut State) {
    let width = width(state);
    let selected = state.conversation.selected;
    let conversation = &mut state.conversation;
    if conversation.shown.first().is_none_or(|s| s.width == width) {
        return;
    }
    let entries: Vec<Entry> = conversation.shown.drain(..).map(|s| s.entry).collect();
    conversation.rows = 0;
    for (i, entry) in entries.into_iter().enumerate() {
        let shown = shown(entry, width, selected == Some(i));
        conversation.rows += shown.height;
        conversation.shown.push(shown);
    }
    let max = max_scroll(state);
    state.conversation.scroll = state.conversation.scroll.min(max);
}

pub fn max_scroll(state: &State) -> usize {
    let (_, height) = conversation_inside(state.width, state.height, state.input.lines().len());
    state.conversation.rows.saturating_sub(usize::from(height))
}

pub fn scroll(state: &mut State, rows: i64) {
    let max = max_scroll(state) as i64;
    let now = state.conversation.scroll as i64;
    state.conversation.scroll = (now - rows).clamp(0, max) as usize;
}

pub fn page(state: &State) -> i64 {
    let (_, height) = conversation_inside(state.width, state.height, state.input.lines().len());
    i64::from(height.saturating_sub(2).max(1))
}

/// The last entry if it is the answer still streaming.
fn streaming(state: &State) -> Option<usize> {
    let last = state.conversation.shown.len().checked_sub(1)?;
    matches!(
        state.conversation.shown[last].entry,
        Entry::Assistant { done: false, .. }
    )
    .then_some(last)
}

pub fn finish_streaming(state: &mut State) {
    if let Some(last) = streaming(state) {
        change(state, last, |e| {
            if let Entry::Assistant { done, .. } = e {
                *done = true;
            }
        });
    }
}

fn tool_index(state: &State, id: &str) -> Option<usize> {
    state
        .conversation
        .shown
        .iter()
        .rposition(|s| matches!(&s.entry, Entry::Tool(t) if t.id == id))
}

/// The argument that says what a call is about, when it has one of these.
const MAIN_ARGUMENTS: &[&str] = &[
    "path",
    "symbol",
    "query",
    "command",
    "pattern",
    "file",
    "from",
    "fingerprint",
];

pub fn short_input(input: &serde_json::Value) -> String {
    let main = MAIN_ARGUMENTS
        .iter()
        .find_map(|k| input.get(k).and_then(serde_json::Value::as_str));
    let text = match (main, input) {
        (Some(main), _) => main.to_string(),
        (None, serde_json::Value::Object(map)) if map.is_empty() => String::new(),
        (None, other) => other.to_string(),
    };
    let one_line = text.replace('\n', "⏎");
    if one_line.chars().count() > INPUT_CHARS {
        format!(
            "{}…",
            one_line.chars().take(INPUT_CHARS).collect::<String>()
        )
    } else {
        one_line
    }
}

/// Folds one agent event in.
pub fn agent_event(state: &mut State, event: Event) {
    match event {
        Event::TextDelta { text } => match streaming(state) {
            Some(last) => change(state, last, |e| {
                if let Entry::Assistant { text: all, .. } = e {
                    all.push_str(&text);
                }
            }),
            None => push(state, Entry::Assistant { text, done: false }),
        },
        Event::ToolCall { id, name, input } => {
            finish_streaming(state);
            push(
                state,
                Entry::Tool(ToolEntry {
                    id,
                    name,
                    input: short_input(&input),
                    summary: None,
                    output: None,
                    is_error: false,
                    expanded: false,
                }),
            );
        }
        Event::ToolResult {
            id,
            is_error,
            summary,
            output,
            ..
        } => {
            if let Some(index) = tool_index(state, &id) {
                change(state, index, |e| {
                    if let Entry::Tool(t) = e {
                        t.summary = Some(summary);
                        t.output = Some(output);
                        t.is_error = is_error;
                    }
                });
            }
        }
        Event::Usage {
            usage,
            context,
            window,
        } => {
            state.status.context = context;
            state.status.window = window;
            state.status.tokens += usage.prompt() + usage.output_tokens;
        }
        Event::Retry {
            attempt,
            wait_ms,
            reason,
            after_output,
        } => {
            if after_output && let Some(last) = streaming(state) {
                change(state, last, |e| {
                    if let Entry::Assistant { text, .. } = e {
                        text.clear();
                    }
                });
            }
            push(
                state,
                Entry::Notice(format!(
                    "retry {attempt} in {:.1} s: {reason}",
                    wait_ms as f64 / 1000.0
                )),
            );
        }
        Event::Compacted {
            messages_before,
            messages_after,
            ..
        } => push(
            state,
            Entry::Notice(format!(
                "context compacted ({messages_before} → {messages_after} messages)"
            )),
        ),
        Event::Error { message } => {
            finish_streaming(state);
            push(state, Entry::Error(message));
        }
        Event::TurnFinished { .. } => finish_streaming(state),
        Event::SessionStarted { .. } | Event::TurnStarted { .. } | Event::ApprovalNeeded { .. } => {
        }
    }
}

/// Moves the selection over tool entries (`delta` -1 up, +1 down).
pub fn select(state: &mut State, delta: i32) {
    let tools: Vec<usize> = state
        .conversation
        .shown
        .iter()
        .enumerate()
        .filter(|(_, s)| matches!(s.entry, Entry::Tool(_)))
        .map(|(i, _)| i)
        .collect();
    if tools.is_empty() {
        return;
    }
    let at = state
        .conversation
        .selected
        .and_then(|s| tools.iter().position(|&i| i == s));
    let next = match at {
        None => tools.len() - 1,
        Some(at) if delta < 0 => at.saturating_sub(1),
        Some(at) => (at + 1).min(tools.len() - 1),
    };
    set_selected(state, Some(tools[next]));
}

pub fn set_selected(state: &mut State, selected: Option<usize>) {
    let before = state.conversation.selected;
    state.conversation.selected = selected;
    for index in [before, selected].into_iter().flatten() {
        change(state, index, |_| {});
    }
}

pub fn toggle_selected(state: &mut State) {
    if let Some(index) = state.conversation.selected {
        change(state, index, |e| {
            if let Entry::Tool(t) = e {
                t.expanded = !t.expanded;
            }
        });
    }
}
