//! How far a refresh has come, readable from any thread while it runs: the stage, and the
//! files read so far out of those that must be read. Front ends poll it (the workstation's
//! status bar, the CLI's progress line); the engine only stores numbers.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Debug, Default)]
pub struct Progress {
    stage: Mutex<&'static str>,
    done: AtomicUsize,
    total: AtomicUsize,
}

/// One reading of a `Progress`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    pub stage: &'static str,
    pub done: usize,
    pub total: usize,
}

impl Progress {
    pub fn stage(&self, stage: &'static str) {
        if let Ok(mut current) = self.stage.lock() {
            *current = stage;
        }
    }

    /// A new count of files to read; none read yet.
    pub fn files(&self, total: usize) {
        self.done.store(0, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }

    pub fn file_done(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    pub fn read(&self) -> Reading {
        Reading {
            stage: self.stage.lock().map_or("", |s| *s),
            done: self.done.load(Ordering::Relaxed),
            total: self.total.load(Ordering::Relaxed),
        }
    }
}

impl std::fmt::Display for Reading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.total > 0 && self.stage == "parsing" {
            write!(f, "{} {}/{} files", self.stage, self.done, self.total)
        } else {
            f.write_str(self.stage)
        }
    }
}
