//! The workstation's whole state: what the core folds messages into and draws from.

use ratatui::text::Line;
use ratatui_textarea::TextArea;

use crate::detect::Finding;
use crate::tui::core::msg::Preview;

/// Which part takes the keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Focus {
    #[default]
    Input,
    Findings,
    Conversation,
    /// The hosted program (every key but Ctrl+] goes to it).
    Hosted,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Graph {
    #[default]
    Starting,
    Loading {
        stage: String,
        done: usize,
        total: usize,
    },
    Ready {
        nodes: usize,
        edges: usize,
        files: usize,
    },
    Failed(String),
}

#[derive(Debug, Clone, Default)]
pub struct Status {
    pub repository: String,
    pub branch: Option<String>,
    pub model: String,
    pub window: u64,
    pub context: u64,
    /// Input and output tokens of this session's responses.
    pub tokens: u64,
    pub graph: Graph,
    /// A save is shown before value flow is solved again; its calls may still move.
    pub settling: bool,
    pub watching: bool,
    pub session: String,
    /// Why prompts cannot be sent (no key), if so.
    pub unavailable: Option<String>,
}

/// One thing in the conversation.
#[derive(Debug, Clone, PartialEq)]
pub enum Entry {
    User(String),
    Assistant { text: String, done: bool },
    Tool(ToolEntry),
    Notice(String),
    Error(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct ToolEntry {
    pub id: String,
    pub name: String,
    /// The arguments, short.
    pub input: String,
    pub summary: Option<String>,
    pub output: Option<String>,
    pub is_error: bool,
    pub expanded: bool,
}

/// An entry and its lines, wrapped for the panel's width when it last changed.
#[derive(Debug, Clone)]
pub struct Shown {
    pub entry: Entry,
    pub lines: Vec<Line<'static>>,
    /// Rows the lines take once wrapped at `width`.
    pub height: usize,
    pub width: u16,
}

#[derive(Debug, Clone, Default)]
pub struct Conversation {
    pub shown: Vec<Shown>,
    /// Rows scrolled up from the newest line (0: follow the newest).
    pub scroll: usize,
    /// The entry Enter acts on while the conversation has the keys.
    pub selected: Option<usize>,
    /// The sum of `height` over `shown`.
    pub rows: usize,
}

#[derive(Debug, Clone, Default)]
pub struct Findings {
    /// Worst first, then by file and line.
    pub all: Vec<Finding>,
    pub filter: String,
    /// Typing a filter (`/` in the panel).
    pub filtering: bool,
    /// Position in the filtered list.
    pub selected: usize,
    /// Rows scrolled past at the top of the list.
    pub offset: usize,
}

/// A tool call waiting for the user's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Pending {
    pub id: String,
    pub name: String,
    pub input: serde_json::Value,
    pub preview: Preview,
    pub help: bool,
    /// Rows of the preview scrolled past.
    pub scroll: usize,
}

#[derive(Debug, Clone, Default)]
pub struct Turn {
    pub id: u64,
    pub running: bool,
    pub cancelling: bool,
}

#[derive(Debug)]
pub struct State {
    pub width: u16,
    pub height: u16,
    pub focus: Focus,
    pub status: Status,
    pub findings: Findings,
    pub conversation: Conversation,
    pub input: TextArea<'static>,
    pub history: Vec<String>,
    /// Position while walking the history with Up/Down (`None`: not walking).
    pub history_at: Option<usize>,
    /// What was typed before walking the history.
    pub draft: String,
    pub turn: Turn,
    pub pending: Option<Pending>,
    /// Tools the user allowed for the rest of the session (`a` on an approval).
    pub always: Vec<String>,
    /// Completion candidates shown above the input.
    pub candidates: Vec<String>,
    /// Ctrl+C was pressed once on an empty idle prompt.
    pub quitting: bool,
    pub quit: bool,
    /// A hosted agent program in the right panel instead of the conversation.
    pub hosted: Option<Hosted>,
}

/// A program running in a pseudo-terminal in the right panel: its screen as vt100 parses
/// the bytes it writes.
pub struct Hosted {
    /// The command as the user named it (`claude`, `codex`, or the program).
    pub name: String,
    pub screen: vt100::Parser,
    /// How it ended (`exit status 0`), once it has.
    pub exited: Option<String>,
}

impl std::fmt::Debug for Hosted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hosted")
            .field("name", &self.name)
            .field("size", &self.screen.screen().size())
            .field("exited", &self.exited)
            .finish()
    }
}

/// Lines of the hosted program's output kept above its screen.
pub const SCROLLBACK: usize = 5_000;

impl Default for State {
    fn default() -> State {
        State {
            width: 80,
            height: 24,
            focus: Focus::Input,
            status: Status::default(),
            findings: Findings::default(),
            conversation: Conversation::default(),
            input: new_input(),
            history: Vec::new(),
            history_at: None,
            draft: String::new(),
            turn: Turn::default(),
            pending: None,
            always: Vec::new(),
            candidates: Vec::new(),
            quitting: false,
            quit: false,
            hosted: None,
        }
    }
}

pub fn new_input() -> TextArea<'static> {
    let mut input = TextArea::default();
    input.set_cursor_line_style(ratatui::style::Style::default());
    input.set_placeholder_text("ask, or /help");
    input
}

impl State {
    /// The prompt's text, lines joined.
    pub fn input_text(&self) -> String {
        self.input.lines().join("\n")
    }
}
