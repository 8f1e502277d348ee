//! repotoire: a code-intelligence workstation. Modules in data-flow order; each depends only
//! on modules above it.
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
pub mod cli;
