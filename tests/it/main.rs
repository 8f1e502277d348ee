//! The one integration test binary.

#![allow(clippy::expect_used, clippy::unwrap_used)]

#[path = "../support/mod.rs"]
mod support;

mod agent;
mod analyze;
mod bad_input;
mod cache;
mod cli;
mod coding_tools;
mod detectors;
mod findings_across_files;
mod hosted_agents;
mod hosted_tmux;
mod hostile;
mod layering;
mod live;
mod live_types;
mod mcp;
mod queries;
mod query_cli;
mod resolve_ecma;
mod resolve_ecma_contextual;
mod resolve_ecma_es5;
mod resolve_outside;
mod resolve_python;
mod resolve_python_annotations;
mod resolve_python_flow;
mod resolve_rust;
mod resolve_rust_callbacks;
mod resolve_rust_generics;
mod resolve_rust_outside_values;
mod resolve_rust_returned_values;
mod resolve_rust_values;
mod rust_macros;
mod taint_helpers;
mod taint_levels;
mod taint_through_returns;
mod tools;
mod watch;
mod workstation;
mod workstation_tmux;
