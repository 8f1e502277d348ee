//! repotoire: a code-intelligence workstation. Modules in data-flow order, one per line
//! group so the order survives formatting; each depends only on modules above it
//! (`tests/it/layering.rs`).

pub mod process;

pub mod lang;

pub mod parse;

pub mod store;

pub mod graph;

pub mod detect;

pub mod engine;

pub mod tools;

pub mod report;

pub mod watch;

pub mod agent;

pub mod mcp;

pub mod tui;

pub mod cli;
