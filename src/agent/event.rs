//! What the loop tells its front end (the CLI, the TUI later), and what it is told back.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::agent::conversation::Usage;

/// One thing that happened, in order. Serialised as one JSON line each by `ask --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    SessionStarted {
        session: String,
        model: String,
        resumed: bool,
    },
    TurnStarted {
        turn: u32,
    },
    TextDelta {
        text: String,
    },
    ToolCall {
        id: String,
        name: String,
        input: Value,
    },
    /// Interactive runs only: the call waits for an `Approval`.
    ApprovalNeeded {
        id: String,
        name: String,
        input: Value,
    },
    ToolResult {
        id: String,
        name: String,
        is_error: bool,
        summary: String,
        /// The whole result as the session keeps it (a front end shows it on request).
        output: String,
        millis: u64,
    },
    Usage {
        usage: Usage,
        context: u64,
        window: u64,
    },
    Retry {
        attempt: u32,
        wait_ms: u64,
        reason: String,
        after_output: bool,
    },
    Compacted {
        messages_before: usize,
        messages_after: usize,
        summary_chars: usize,
    },
    TurnFinished {
        turn: u32,
        stop: String,
    },
    Error {
        message: String,
    },
}

/// The user's answer to `Event::ApprovalNeeded`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Approval {
    pub id: String,
    pub allow: bool,
    /// The arguments to run instead of the model's (the user edited the proposal).
    pub input: Option<Value>,
}
