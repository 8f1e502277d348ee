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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_says_the_stage_and_while_parsing_the_files() {
        let progress = Progress::default();
        progress.stage("parsing");
        progress.files(40);
        for _ in 0..12 {
            progress.file_done();
        }
        assert_eq!(progress.read().to_string(), "parsing 12/40 files");
        progress.stage("resolving");
        assert_eq!(progress.read().to_string(), "resolving");
    }

    #[test]
    fn a_refresh_counts_every_file_it_reads() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..5 {
            std::fs::write(dir.path().join(format!("m{i}.py")), "def f():\n    pass\n").unwrap();
        }
        let options = crate::engine::Options {
            max_file_size: crate::engine::DEFAULT_MAX_FILE_SIZE,
            use_cache: false,
            pass: None,
            live: false,
        };
        let engine = crate::engine::Engine::new(dir.path(), options).unwrap();
        engine.refresh();
        let reading = engine.progress().read();
        assert_eq!((reading.done, reading.total), (5, 5));
        assert_eq!(reading.stage, "resolving");
    }
}
