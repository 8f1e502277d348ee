//! The pipeline driver: walk → read and hash → reuse cached facts or parse (rayon) →
//! save → resolve → publish a new `Snapshot`. Front ends (CLI, watch, MCP, TUI) call this
//! and read the published snapshot.

mod cached;
mod check;
mod live;
mod overlap;
mod persist;
mod progress;
mod resolve;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::graph::snapshot::Spare;
use crate::graph::{SharedSnapshot, Snapshot};
use crate::parse::{self, LocalPass, SkipReason, Skipped};
use crate::store::pending::settle;
use crate::store::{FileEntry, Store, Update};
use check::Checked;
use live::Live;
use overlap::{Found, Guess, Known};

/// Files larger than this are skipped unless configured otherwise.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 1024 * 1024;

#[derive(Clone)]
pub struct Options {
    pub max_file_size: u64,
    pub use_cache: bool,
    /// Run this over every parsed tree and keep its results (the detectors' file-local
    /// pass); `Report::local` then holds them for every file.
    pub pass: Option<Arc<dyn LocalPass>>,
    /// Keep every file's facts, local results and the resolver in memory between refreshes
    /// (watch mode, the TUI): a save then costs a parse of that file and a patch of the graph.
    pub live: bool,
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("max_file_size", &self.max_file_size)
            .field("use_cache", &self.use_cache)
            .field("pass", &self.pass.is_some())
            .field("live", &self.live)
            .finish()
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            max_file_size: DEFAULT_MAX_FILE_SIZE,
            use_cache: true,
            pass: None,
            live: false,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}: no such file or directory")]
    NotFound(PathBuf),
    #[error("{0}: not a directory")]
    NotADirectory(PathBuf),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
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
    /// Paths parsed in this refresh (not taken from the cache).
    pub fresh: Vec<String>,
    /// The local pass's results for every file, by path (empty without a pass).
    pub local: BTreeMap<String, LocalBytes>,
    /// Of the files parsed, how many had their local pass run beside resolution instead of
    /// beside the parse (`parse::LaterPass`).
    pub passed_later: usize,
    /// How the graph was brought up to date.
    pub graph: GraphUpdate,
    /// Value flow was left for `Engine::settle_flow` (see `Engine::defer_flow`).
    pub flow_pending: bool,
    /// Of a `settle_flow`: the files whose calls value flow now answers differently.
    pub settled: Vec<String>,
}

pub use crate::parse::LocalBytes;
pub use progress::{Progress, Reading};

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum GraphUpdate {
    /// Nothing changed: the last graph (published, or cached) is the graph.
    Reused,
    /// The changed files were patched into the last graph (live engines).
    Patched,
    /// Every file was resolved again.
    #[default]
    Resolved,
}

/// One refresh under way: its report, the open cache, the held live state, its clock.
struct Run<'e> {
    report: Report,
    store: Option<Store>,
    slot: MutexGuard<'e, Option<Live>>,
    total: Instant,
    lap: Instant,
}

impl<'e> Run<'e> {
    /// Starts the clock and takes the live state (a refresh at a time), with the warnings
    /// of the writes a refresh before left running.
    fn start(root: &Path, live: &'e Mutex<Option<Live>>) -> Run<'e> {
        let report = Report {
            warnings: settle(root),
            ..Report::default()
        };
        Run {
            report,
            store: None,
            slot: live.lock().unwrap_or_else(PoisonError::into_inner),
            total: Instant::now(),
            lap: Instant::now(),
        }
    }

    /// Records the time since the last stage ended as `stage`'s.
    fn time(&mut self, stage: &'static str) {
        self.report.timings.push((stage, self.lap.elapsed()));
        self.lap = Instant::now();
    }

    /// The report, with skipped files in order and the total time. A file too deep to
    /// parse is also a warning: unlike a binary or oversized file, it looks like source.
    fn finish(mut self) -> Report {
        self.report.skipped.sort();
        for skipped in &self.report.skipped {
            if skipped.reason.is_warning() {
                self.report.warnings.push(format!(
                    "{}: not analysed: {}",
                    skipped.path, skipped.reason
                ));
            }
        }
        self.report.timings.push(("total", self.total.elapsed()));
        tracing::debug!(stages = ?self.report.timings, "engine");
        self.report
    }
}

pub struct Engine {
    root: PathBuf,
    root_name: String,
    options: Options,
    snapshot: SharedSnapshot,
    live: Mutex<Option<Live>>,
    /// A copy of the published graph being made for the next patch (see `prepare_next`).
    spare: Mutex<Option<std::thread::JoinHandle<Spare>>>,
    /// Trees of the files saved last (live engines): a file saved again parses incrementally.
    recent: parse::recent::RecentTrees,
    progress: Arc<Progress>,
    /// Whether a patch leaves value flow to `settle_flow` (see `defer_flow`).
    defer_flow: std::sync::atomic::AtomicBool,
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.finish_writes();
    }
}

impl Engine {
    pub fn new(root: &Path, options: Options) -> Result<Engine, Error> {
        let meta = std::fs::metadata(root).map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => Error::NotFound(root.to_path_buf()),
            _ => Error::Io {
                path: root.to_path_buf(),
                source,
            },
        })?;
        if !meta.is_dir() {
            return Err(Error::NotADirectory(root.to_path_buf()));
        }
        let root = root.canonicalize().map_err(|source| Error::Io {
            path: root.to_path_buf(),
            source,
        })?;
        let root_name = root
            .file_name()
            .map_or_else(|| "root".into(), |n| n.to_string_lossy().into_owned());
        Ok(Engine {
            root,
            root_name,
            options,
            snapshot: SharedSnapshot::default(),
            live: Mutex::new(None),
            spare: Mutex::new(None),
            recent: Default::default(),
            progress: Arc::default(),
            defer_flow: Default::default(),
        })
    }

    /// Waits for this root's cache writes still running, logging their warnings.
    pub fn finish_writes(&self) {
        for warning in settle(&self.root) {
            tracing::warn!("{warning}");
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// How far the refresh under way has come (any thread may read it).
    pub fn progress(&self) -> Arc<Progress> {
        self.progress.clone()
    }

    /// A live engine copies the published graph on another thread now, so that the next
    /// patch need not: call it when the snapshot's readers are done with the CPU (the watch
    /// loop calls it after its detectors ran).
    pub fn prepare_next(&self) {
        if !self.options.live {
            return;
        }
        let snapshot = self.snapshot.load();
        if let Ok(mut spare) = self.spare.lock() {
            *spare = Some(std::thread::spawn(move || snapshot.spare()));
        }
    }

    /// Whether a live engine's patches leave Python's value flow, whole-program, to
    /// `settle_flow`: a save is published at once with the answers carried over from the
    /// calls spelled alike, and the caller settles when no other save waits (watch mode).
    pub fn defer_flow(&self, on: bool) {
        self.defer_flow
            .store(on, std::sync::atomic::Ordering::Relaxed);
    }

    /// The current snapshot; cheap, lock-free, and never changes under the reader.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.snapshot.load()
    }

    /// Brings the graph up to date with the files on disk and publishes it. The graph's
    /// write to the cache finishes in the background (see `settle`).
    pub fn refresh(&self) -> Report {
        self.refresh_with(None)
    }

    /// `refresh` after a watcher named these paths (absolute, or relative to the root): a
    /// live engine that knows
    /// every one of them as a source file re-checks just those instead of walking the tree.
    pub fn refresh_paths(&self, paths: &[PathBuf]) -> Report {
        self.refresh_with(Some(paths))
    }

    fn refresh_with(&self, hint: Option<&[PathBuf]>) -> Report {
        self.progress.stage("walking");
        self.progress.files(0);
        let mut run = Run::start(&self.root, &self.live);
        let live = run.slot.take();
        let rewalked = hint
            .zip(live.as_ref())
            .and_then(|(paths, live)| self.rewalk(paths, live));
        let targeted = rewalked.is_some();
        // A one-shot refresh decodes the cached graph while it walks; a live engine
        // resolves anyway, and a re-check is too short to hide anything behind.
        let found = if live.is_none() && !self.options.live && !targeted {
            self.walk_one_shot(&mut run)
        } else {
            let walk = rewalked
                .unwrap_or_else(|| parse::walk::walk(&self.root, self.options.max_file_size));
            run.time(if targeted { "re-check" } else { "walk" });
            run.store = self.open_store(&mut run.report);
            Found {
                walk,
                known: None,
                guess: Guess::Untried,
                creating: None,
            }
        };
        run.report.skipped = found.walk.skipped.clone();
        let known = self.known_files(&mut run, live.as_ref(), found.known);
        let checked = self.check(&mut run, found.walk, &known, live.as_ref(), targeted);
        if let Some(creating) = found.creating {
            overlap::join_created(&mut run, creating);
        }
        run.time("check + parse");
        self.progress.stage("resolving");

        match live {
            Some(live) if checked.same_files_as(&live) => self.patch_or_resolve(run, live, checked),
            live => {
                // Nothing changed: the last graph is still the graph. (A live engine
                // resolves instead: it needs the resolver's tables for its patches.)
                let may_reuse = !checked.changed() && live.is_none() && !self.options.live;
                match found
                    .guess
                    .reusable(may_reuse, &checked.digest, run.store.as_ref())
                {
                    Some(snapshot) => self.reuse(run, checked, snapshot),
                    None => self.resolve_all(run, live, checked),
                }
            }
        }
    }

    /// What is known of each file: a live engine's entries, else the cache's (read beside
    /// the walk, or now).
    fn known_files(
        &self,
        run: &mut Run<'_>,
        live: Option<&Live>,
        read: Option<Known>,
    ) -> HashMap<String, FileEntry> {
        if let Some(live) = live {
            return live.entries.clone();
        }
        let Some(store) = run.store.as_ref() else {
            return HashMap::new();
        };
        match read.unwrap_or_else(|| store.files()) {
            Ok(known) => known,
            Err(err) => {
                self.recover(&mut run.store, &mut run.report, &err.to_string());
                HashMap::new()
            }
        }
    }

    /// Checks every walked file against `known`, parsing what changed.
    fn check(
        &self,
        run: &mut Run<'_>,
        walk: parse::walk::Walk,
        known: &HashMap<String, FileEntry>,
        live: Option<&Live>,
        targeted: bool,
    ) -> Checked {
        run.report.cache_used = run.store.is_some();
        if known.is_empty() {
            parse::prepare(
                &walk.files.iter().map(|f| f.language).collect(),
                self.options.pass.as_deref(),
            );
        }
        let pass = self.options.pass.as_deref().map(|p| (p, p.key()));
        // Only a live engine re-checking the files it was told about keeps trees: the few
        // files someone is editing, not every file of a first parse.
        let recent = (self.options.live && targeted).then_some(&self.recent);
        self.progress.stage("parsing");
        // A one-shot full refresh resolves everything next, serially for long stretches:
        // some files' local pass waits for that (`Checked::later`).
        let may_defer = !self.options.live && live.is_none() && !targeted;
        let checks =
            check::check_files(&walk.files, known, pass, recent, &self.progress, may_defer);
        let project = match (live, targeted) {
            (Some(live), true) => live.project.clone(),
            _ => self.read_project_files(&walk.project_files, &mut run.report),
        };
        Checked::new(walk, checks, known, project, &mut run.report)
    }

    /// Publishes the last graph again: no file changed. Files touched but unchanged get
    /// their new times recorded; with none, nothing is written (a commit costs the file
    /// system a sync).
    fn reuse(&self, mut run: Run<'_>, mut checked: Checked, snapshot: Snapshot) -> Report {
        checked.finish_later(self.options.pass.as_deref());
        run.report.reused = checked.entries.len();
        run.report.graph = GraphUpdate::Reused;
        checked.count_languages(&mut run.report);
        self.collect_local(
            &checked.walk.files,
            &checked.entries,
            checked.fresh_local,
            None,
            run.store.as_ref(),
            &mut run.report,
        );
        if let Some(store) = run.store.as_mut() {
            if !checked.touched.is_empty() {
                let files = checked
                    .touched
                    .iter()
                    .map(|&(i, e)| (checked.walk.files[i].path.as_str(), e))
                    .collect();
                let update = Update {
                    files,
                    ..Update::default()
                };
                if let Err(err) = store.save(&update) {
                    run.report
                        .warnings
                        .push(format!("cache not updated ({err})"));
                }
            }
            run.report.warnings.append(&mut store.warnings);
        }
        run.time("load graph");
        self.snapshot.publish(snapshot);
        run.finish()
    }

    fn read_project_files(&self, paths: &[String], report: &mut Report) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for path in paths {
            match std::fs::read_to_string(parse::paths::absolute(&self.root, path)) {
                Ok(text) => out.push((path.clone(), text)),
                Err(err) => report.skipped.push(Skipped {
                    path: path.clone(),
                    reason: SkipReason::Unreadable(err.kind().to_string()),
                }),
            }
        }
        out
    }
}
