//! Our runner for the queries in `queries/`: the `.scm` files stay the definition
//! (tree-sitter compiles them in the tests), this module executes them faster.

mod compiled;
pub mod literals;
pub mod matcher;
mod plan;
mod regex_check;
pub mod regexes;
pub mod syntax;

pub use matcher::{Capture, Matcher};
