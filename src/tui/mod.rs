//! The terminal workstation (`repotoire`): findings beside the conversation. `core` is pure
//! (state, messages, commands, reducer, render); the rest runs it against a terminal, the
//! agent, the workspace and the watcher.

pub mod app;
pub mod core;
pub mod hosted;
pub mod loader;
pub mod preview;
pub mod record;
pub mod runner;
pub mod terminal;
