//! What the core asks the runner to do. The core never does I/O itself; each command's
//! result comes back as a `Msg`.

use serde_json::Value;

#[derive(Debug, Clone, PartialEq)]
pub enum Cmd {
    /// Start turn `turn` with this prompt.
    Send {
        turn: u64,
        prompt: String,
    },
    /// Cancel the running turn (stream, tools, process groups).
    Cancel {
        turn: u64,
    },
    /// Answer an approval request; `input` replaces the model's arguments.
    Answer {
        id: String,
        allow: bool,
        input: Option<Value>,
    },
    /// Run a read-only tool for a slash command; the answer comes as `Msg::ToolOutput`.
    Tool {
        title: String,
        name: String,
        args: Value,
    },
    /// Complete `word` as a symbol name.
    Complete {
        word: String,
    },
    /// Open `$EDITOR` at a file's line.
    OpenFile {
        path: String,
        line: u32,
    },
    /// Edit the prompt in `$VISUAL`/`$EDITOR`.
    EditPrompt {
        text: String,
    },
    /// Edit a proposal's field in `$EDITOR`, then answer the approval with it.
    EditProposal {
        id: String,
        input: Value,
        field: String,
    },
    SetModel {
        model: String,
    },
    Compact,
    /// Start a new session (`/clear`).
    NewSession,
    ListSessions,
    Resume {
        id: String,
    },
    /// Bytes for the hosted program, as typed.
    HostedInput {
        bytes: Vec<u8>,
    },
    /// The hosted program's terminal has this size now.
    HostedResize {
        rows: u16,
        cols: u16,
    },
    /// Start the hosted program again (it had exited).
    RestartHosted {
        rows: u16,
        cols: u16,
    },
    /// Suspend the program (Ctrl+Z), as a shell job.
    Suspend,
    Quit,
}
