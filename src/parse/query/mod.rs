//! Our runner for the queries in `queries/`: the `.scm` files stay the definition
//! (tree-sitter compiles them in the tests), this module executes them faster.

pub mod matcher;
pub mod regexes;
pub mod syntax;

pub use matcher::{Capture, Matcher};
