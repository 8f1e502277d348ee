//! The agent loop as a library: no terminal I/O. A front end sends a prompt, receives
//! `Event`s through a channel, answers approval requests through another, and cancels a
//! turn with its token. `repotoire ask` is one front end; the TUI will be another.

pub mod compact;
pub mod config;
pub mod conversation;
pub mod event;
pub mod policy;
pub mod prompt;
pub mod provider;
pub mod repo_map;
pub mod run;
pub mod session;

use std::sync::Arc;

pub use event::{Approval, Event};
pub use run::{Agent, AgentError, AgentOptions, Outcome};

use crate::tools::Workspace;

/// The tools offered to the model: the whole registry (graph, findings, search, coding).
pub fn tool_specs() -> Vec<provider::ToolSpec> {
    crate::tools::registry::all()
        .iter()
        .map(|t| provider::ToolSpec {
            name: t.name().to_string(),
            description: t.description().to_string(),
            schema: serde_json::Value::Object(t.input_schema()),
        })
        .collect()
}

/// The system prompt for a workspace's current state.
pub fn system_prompt(ws: &Arc<Workspace>) -> String {
    let state = ws.state();
    prompt::system(&ws.root().display().to_string(), &state.snap)
}
