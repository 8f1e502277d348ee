//! Process-wide settings that `main` applies before anything else runs: where tree-sitter
//! allocates, whether the process uses transparent huge pages, and when it started; and
//! how much memory it holds. They live here rather than in `parse` because they belong to
//! the process, not to parsing a file.

pub mod huge_pages;
pub mod memory;
pub mod parser_heap;

/// This build: the version, and the commit when built from a git checkout. Caches are keyed
/// by it, so a build of other code never reads what this one's code found (or the reverse).
pub const BUILD: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    "+",
    env!("REPOTOIRE_BUILD_COMMIT")
);

static STARTED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// Notes when the process started (the first thing `main` does).
pub fn mark_start() {
    STARTED.get_or_init(std::time::Instant::now);
}

/// Time since `mark_start` (for what users wait on: the workstation's first frame).
pub fn since_start() -> std::time::Duration {
    STARTED.get_or_init(std::time::Instant::now).elapsed()
}
