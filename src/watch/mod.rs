//! Watch mode: file-system events → debounced, coalesced batches → re-index the changed files
//! and re-run the detectors → a new state published through the workspace's `ArcSwap` and a
//! findings delta sent to every subscriber (the CLI prints it; the TUI will draw it).

pub mod changes;
pub mod session;

pub use changes::{Changes, Message};
pub use session::{Delta, Session};
