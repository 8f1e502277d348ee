//! Detectors: the rule catalog (`rule`), the file-local pass run during parsing (`local`),
//! the detectors over the graph (`graph`), and `analyze`, which turns both into findings
//! under a config (`config`), with suppressions and baselines applied.

pub mod analyze;
pub mod baseline;
pub mod config;
pub mod finding;
pub mod graph;
mod libraries;
pub mod local;
pub mod memory;
pub mod rule;
mod vendored;

pub use analyze::{Analysis, Catalog};
pub use finding::{Category, Finding, Severity, Step};
