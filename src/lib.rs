//! repotoire: a code-intelligence workstation. Modules in data-flow order; each depends only
//! on modules above it.
pub mod agent;
pub mod cli;
pub mod detect;
pub mod engine;
pub mod graph;
pub mod lang;
pub mod mcp;
pub mod parse;
pub mod report;
pub mod store;
pub mod tools;
pub mod watch;
