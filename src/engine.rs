//! The pipeline driver: walk → read and hash → reuse cached facts or parse (rayon) →
//! save → resolve → publish a new `Snapshot`. Front ends (CLI, watch, MCP, TUI) call this
//! and read the published snapshot.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::graph::{SharedSnapshot, Snapshot};
use crate::parse::{self, FileFacts, SkipReason, Skipped};
use crate::store::{self, Store};

/// Files larger than this are skipped unless configured otherwise.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 1024 * 1024;

#[derive(Debug, Clone)]
pub struct Options {
    pub max_file_size: u64,
    pub use_cache: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { max_file_size: DEFAULT_MAX_FILE_SIZE, use_cache: true }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}: no such file or directory")]
    NotFound(PathBuf),
    #[error("{0}: not a directory")]
    NotADirectory(PathBuf),
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

/// What one refresh did, for stats and `-v`.
#[derive(Debug, Default, Clone)]
pub struct Report {
    pub files_by_language: BTreeMap<&'static str, usize>,
    pub parsed: usize,
    pub reused: usize,
    pub skipped: Vec<Skipped>,
    pub warnings: Vec<String>,
    pub timings: Vec<(&'static str, Duration)>,
    pub cache_used: bool,
}

pub struct Engine {
    root: PathBuf,
    root_name: String,
    options: Options,
    snapshot: SharedSnapshot,
}

enum Outcome {
    Reused(FileFacts),
    Parsed(FileFacts),
    Skipped(Skipped),
}

impl Engine {
    pub fn new(root: &Path, options: Options) -> Result<Engine, Error> {
        let meta = std::fs::metadata(root).map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => Error::NotFound(root.to_path_buf()),
            _ => Error::Io { path: root.to_path_buf(), source },
        })?;
        if !meta.is_dir() {
            return Err(Error::NotADirectory(root.to_path_buf()));
        }
        let root = root.canonicalize().map_err(|source| Error::Io { path: root.to_path_buf(), source })?;
        let root_name = root.file_name().map_or_else(|| "root".into(), |n| n.to_string_lossy().into_owned());
        Ok(Engine { root, root_name, options, snapshot: SharedSnapshot::default() })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The current snapshot; cheap, lock-free, and never changes under the reader.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.snapshot.load()
    }

    /// Brings the graph up to date with the files on disk and publishes it.
    pub fn refresh(&self) -> Report {
        let mut report = Report::default();
        let total = Instant::now();

        let started = Instant::now();
        let walk = parse::walk::walk(&self.root, self.options.max_file_size);
        report.skipped = walk.skipped;
        report.timings.push(("walk", started.elapsed()));

        let started = Instant::now();
        let mut store = if self.options.use_cache {
            match Store::new(&self.root) {
                Ok(store) => Some(store),
                Err(err) => {
                    report.warnings.push(format!("cache unavailable ({err}); analysing without it"));
                    None
                }
            }
        } else {
            None
        };
        let mut cached = match store.as_mut().map(Store::load) {
            Some(Ok(entries)) => entries,
            Some(Err(err)) => {
                report.warnings.push(format!("cache unavailable ({err}); analysing without it"));
                store = None;
                Default::default()
            }
            None => Default::default(),
        };
        report.cache_used = store.is_some();
        report.timings.push(("cache load", started.elapsed()));

        let started = Instant::now();
        let outcomes: Vec<Outcome> = walk
            .files
            .par_iter()
            .map(|file| {
                let bytes = match parse::read_source(&file.abs) {
                    Ok(bytes) => bytes,
                    Err(reason) => return Outcome::Skipped(Skipped { path: file.path.clone(), reason }),
                };
                let hash = parse::hash(&bytes);
                if let Some(entry) = cached.get(&file.path) {
                    if entry.hash == hash {
                        if let Some(facts) = store::decode(entry).filter(|f| f.language == file.language) {
                            return Outcome::Reused(facts);
                        }
                    }
                }
                Outcome::Parsed(parse::parse_bytes(&file.path, file.language, &bytes, hash))
            })
            .collect();
        report.timings.push(("read + parse", started.elapsed()));

        let mut facts = Vec::with_capacity(outcomes.len());
        let mut fresh = Vec::new();
        for outcome in outcomes {
            match outcome {
                Outcome::Reused(f) => {
                    report.reused += 1;
                    facts.push(f);
                }
                Outcome::Parsed(f) => {
                    report.parsed += 1;
                    fresh.push(facts.len());
                    facts.push(f);
                }
                Outcome::Skipped(s) => report.skipped.push(s),
            }
        }
        for f in &facts {
            *report.files_by_language.entry(f.language.name()).or_default() += 1;
        }

        let started = Instant::now();
        if let Some(store) = store.as_mut() {
            let present: HashSet<&str> = facts.iter().map(|f| f.path.as_str()).collect();
            let removed: Vec<String> = cached.keys().filter(|p| !present.contains(p.as_str())).cloned().collect();
            let changed: Vec<&FileFacts> = fresh.iter().map(|&i| &facts[i]).collect();
            if let Err(err) = store.save(&changed, &removed) {
                report.warnings.push(format!("cache not updated ({err})"));
            }
            report.warnings.append(&mut store.warnings);
        }
        cached.clear();
        report.timings.push(("cache save", started.elapsed()));

        let started = Instant::now();
        let project = self.read_project_files(&walk.project_files, &mut report);
        let snapshot = Snapshot::build(&facts, &project, &self.root_name);
        report.warnings.extend(snapshot.warnings.iter().cloned());
        report.timings.push(("resolve", started.elapsed()));

        self.snapshot.publish(snapshot);
        report.skipped.sort();
        report.timings.push(("total", total.elapsed()));
        report
    }

    fn read_project_files(&self, paths: &[String], report: &mut Report) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for path in paths {
            match std::fs::read_to_string(self.root.join(path)) {
                Ok(text) => out.push((path.clone(), text)),
                Err(err) => report.skipped.push(Skipped { path: path.clone(), reason: SkipReason::Unreadable(err.kind().to_string()) }),
            }
        }
        out
    }
}

