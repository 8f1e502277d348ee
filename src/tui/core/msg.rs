//! Everything the core is told, in the order it happened. Each message is one JSON line in
//! a recording (`--record`), and `repotoire replay` folds a recording through the core.

use serde::{Deserialize, Serialize};

use crate::agent::Event;
use crate::detect::Finding;
use crate::tui::core::key::Key;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "msg", rename_all = "snake_case")]
pub enum Msg {
    /// The terminal's size (the first message of a run).
    Resize {
        width: u16,
        height: u16,
    },
    Key {
        key: Key,
    },
    Paste {
        text: String,
    },
    /// Mouse wheel over a column: positive scrolls down (towards newer lines).
    Wheel {
        column: u16,
        lines: i32,
    },
    /// Facts about the repository and the model, once at start (and after `/model`).
    Started {
        repository: String,
        branch: Option<String>,
        model: String,
        window: u64,
        /// Why no model can be asked, when none can (no key): said when a prompt is sent.
        unavailable: Option<String>,
        session: String,
    },
    /// The graph is being built: stage and files read / to read.
    Loading {
        stage: String,
        done: usize,
        total: usize,
    },
    GraphReady {
        nodes: usize,
        edges: usize,
        files: usize,
        watching: bool,
    },
    GraphFailed {
        message: String,
    },
    /// Findings appeared or went (the first update: all of them).
    Findings {
        added: Vec<Finding>,
        resolved: Vec<String>,
        nodes: usize,
        /// Value flow is still being solved after a save: another update follows.
        pending: bool,
    },
    /// Something the agent loop did in turn `turn` (earlier turns' events are dropped).
    Agent {
        turn: u64,
        event: Event,
    },
    /// A tool waits for approval; `preview` shows what it will do.
    Approval {
        turn: u64,
        id: String,
        name: String,
        input: serde_json::Value,
        preview: Preview,
    },
    TurnEnded {
        turn: u64,
        outcome: String,
    },
    /// A slash command's tool answered.
    ToolOutput {
        title: String,
        text: String,
        is_error: bool,
    },
    /// A line to show in the conversation (sessions listed, model switched, errors).
    Notice {
        text: String,
        is_error: bool,
    },
    /// A saved conversation was opened: its exchanges, oldest first.
    Conversation {
        session: String,
        entries: Vec<(String, String)>,
    },
    /// Candidates for the word being completed.
    Completions {
        word: String,
        items: Vec<String>,
    },
    /// A program is hosted in the right panel (`--agent`).
    Hosting {
        name: String,
    },
    /// The hosted program wrote this.
    HostedOutput {
        bytes: Vec<u8>,
    },
    /// The hosted program ended (`exit status 0`, `killed by signal 9`).
    HostedExited {
        how: String,
    },
    /// `$EDITOR` returned with the prompt's text.
    PromptEdited {
        text: String,
    },
    /// `$EDITOR` returned with an edited proposal: run it with these arguments.
    ProposalEdited {
        id: String,
        input: serde_json::Value,
    },
}

/// What an approval shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Preview {
    /// A unified diff of the file the tool would write.
    Diff {
        path: String,
        diff: String,
    },
    Command {
        command: String,
    },
    /// Anything else: the arguments.
    Arguments {
        text: String,
    },
    /// The change cannot be shown (the edit would fail): why.
    Unavailable {
        reason: String,
    },
}
