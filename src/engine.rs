//! The pipeline driver: walk → read and hash → reuse cached facts or parse (rayon) →
//! save → resolve → publish a new `Snapshot`. Front ends (CLI, watch, MCP, TUI) call this
//! and read the published snapshot.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::graph::resolve::Resolver;
use crate::graph::snapshot::Spare;
use crate::graph::{SharedSnapshot, Snapshot};
use crate::parse::{self, FileFacts, LocalPass, SkipReason, Skipped, SourceFile};
use crate::store::pending::settle;
use crate::store::{self, FileEntry, GraphBytes, Store, Update};

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
    /// How the graph was brought up to date.
    pub graph: GraphUpdate,
}

pub use crate::parse::LocalBytes;

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

/// What a live engine keeps between refreshes (see `Options::live`).
struct Live {
    /// The last walk, with each file's size and time as last seen.
    walk: parse::walk::Walk,
    project: Vec<(String, String)>,
    entries: HashMap<String, FileEntry>,
    local: BTreeMap<String, LocalBytes>,
    /// Holds every file's facts, in the order of the published snapshot's files.
    resolver: Resolver,
}

/// More changed files than this in one refresh and the graph is resolved again rather
/// than patched file by file.
const MAX_PATCHED: usize = 16;

/// Where one refresh stands after checking every file against what is known.
struct Checked {
    walk: parse::walk::Walk,
    entries: Vec<(usize, FileEntry)>,
    parsed: Vec<Option<FileFacts>>,
    touched: Vec<(usize, FileEntry)>,
    fresh_local: HashMap<String, Vec<u8>>,
    removed: Vec<String>,
    project: Vec<(String, String)>,
    digest: [u8; 32],
}

/// One refresh under way: its report, the open cache, the held live state, its clock.
struct Run<'e> {
    report: Report,
    store: Option<Store>,
    slot: std::sync::MutexGuard<'e, Option<Live>>,
    total: Instant,
    lap: Lap,
}

/// The clock of a refresh's stages.
struct Lap(Instant);

impl Lap {
    /// Records the time since the last stage ended as `stage`'s.
    fn time(&mut self, report: &mut Report, stage: &'static str) {
        report.timings.push((stage, self.0.elapsed()));
        self.0 = Instant::now();
    }
}

pub struct Engine {
    root: PathBuf,
    root_name: String,
    options: Options,
    snapshot: SharedSnapshot,
    live: std::sync::Mutex<Option<Live>>,
    /// A copy of the published graph being made for the next patch (see `prepare_next`).
    spare: std::sync::Mutex<Option<std::thread::JoinHandle<Spare>>>,
    /// Trees of the files saved last (live engines): a file saved again parses incrementally.
    recent: parse::recent::RecentTrees,
}

/// What checking one walked file found.
enum Check {
    /// Size and modification time match the cache (and the file is not being written).
    Same(FileEntry),
    /// Metadata changed but the content hash did not.
    Touched(FileEntry),
    /// New or changed content (or stale local results), parsed.
    Parsed(FileEntry, Box<FileFacts>, Option<Vec<u8>>),
    Skipped(Skipped),
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.finish_writes();
    }
}

/// The cache of `root`, or `None` with a warning saying why it cannot be used.
fn open_store(root: &Path, warnings: &mut Vec<String>) -> Option<Store> {
    match Store::open(root) {
        Ok(store) => Some(store),
        Err(err) => {
            warnings.push(format!("cache unavailable ({err}); analysing without it"));
            None
        }
    }
}

/// What the cache knows about each file, as read.
type Known = Result<HashMap<String, FileEntry>, store::Error>;

/// The cached graph as `Engine::walk_guessing` found it.
enum Guess {
    /// Not decoded beside the walk: read it from the cache if nothing changed.
    Untried,
    /// None there, called off or undecodable: read it again if nothing changed after all.
    Gone,
    /// Decoded; built from inputs with this digest.
    Built([u8; 32], Box<Snapshot>),
}

/// Whether the cache recorded `file` with the size and time it has now.
fn same_stat(entry: &FileEntry, file: &SourceFile) -> bool {
    entry.size == file.size && entry.modified == file.modified
}

/// Files modified this recently are hashed even when size and time match the cache: an
/// edit within the same clock tick as the last run must not be missed.
const RACY_WINDOW_NS: u64 = 2_000_000_000;

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
            live: std::sync::Mutex::new(None),
            spare: std::sync::Mutex::new(None),
            recent: Default::default(),
        })
    }

    /// Walks the tree while another thread decodes the graph the cache holds: on a tree
    /// that did not change, the two are most of a run, and neither waits for the other.
    /// The decode is called off as soon as the walk finds a file the cache does not know as
    /// it is now (the graph is then resolved again). Also returns what the cache knows
    /// about each file.
    fn walk_guessing(&self, store: Option<&Store>) -> (parse::walk::Walk, Option<Known>, Guess) {
        let stop = &std::sync::atomic::AtomicBool::new(false);
        let started = Instant::now();
        std::thread::scope(|scope| {
            let decoding = store.map(|s| {
                scope.spawn(move || {
                    let graph = s.any_graph(|bytes| Snapshot::decode_unless(bytes, stop));
                    tracing::debug!(
                        ms = started.elapsed().as_secs_f64() * 1000.0,
                        "graph decoded beside the walk"
                    );
                    graph
                })
            });
            let known = store.map(Store::files);
            // Called off at the first file the cache does not know as it is. Only a guess
            // about whether the cached graph will do: the digest decides.
            let expected = known
                .as_ref()
                .and_then(|k| k.as_ref().ok())
                .map(|k| k.len());
            let walk = parse::walk::walk_watching(
                &self.root,
                self.options.max_file_size,
                expected,
                &|file| {
                    if !matches!(&known, Some(Ok(known)) if known.get(&file.path).is_some_and(|e| same_stat(e, file)))
                    {
                        stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                },
            );
            tracing::debug!(ms = started.elapsed().as_secs_f64() * 1000.0, "walked");
            // Every file found was shown to the check above; what is left is a file the
            // cache knows that the walk no longer found.
            if !matches!(&known, Some(Ok(known)) if known.len() == walk.files.len()) {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            let guess = match decoding.map(|handle| handle.join()) {
                Some(Ok(Ok(Some((built_from, snapshot))))) => {
                    Guess::Built(built_from, Box::new(snapshot))
                }
                Some(_) => Guess::Gone,
                None => Guess::Untried,
            };
            (walk, known, guess)
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
        let mut report = Report {
            warnings: settle(&self.root),
            ..Report::default()
        };
        let total = Instant::now();
        let mut lap = Lap(Instant::now());
        let mut slot = self
            .live
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let live = slot.take();

        let rewalked = hint
            .zip(live.as_ref())
            .and_then(|(paths, live)| self.rewalk(paths, live));
        let targeted = rewalked.is_some();
        // A one-shot refresh decodes the cached graph while it walks (see `walk_guessing`);
        // a live engine resolves anyway, and a re-check is too short to hide anything behind.
        let one_shot = live.is_none() && !self.options.live && !targeted;
        // With no cache on disk yet there is nothing to read from it first: it is created
        // on another thread while the tree is walked and parsed.
        let mut creating = None;
        let (walk, mut store, read_known, guess) =
            if one_shot && self.options.use_cache && !store::exists(&self.root) {
                let root = self.root.clone();
                creating = Some(std::thread::spawn(move || {
                    let mut warnings = Vec::new();
                    (open_store(&root, &mut warnings), warnings)
                }));
                let walk = parse::walk::walk(&self.root, self.options.max_file_size);
                lap.time(&mut report, "walk");
                (walk, None, None, Guess::Untried)
            } else if one_shot {
                let store = self.open_store(&mut report);
                let (walk, known, guess) = self.walk_guessing(store.as_ref());
                lap.time(&mut report, "walk + load graph");
                (walk, store, known, guess)
            } else {
                let walk = rewalked
                    .unwrap_or_else(|| parse::walk::walk(&self.root, self.options.max_file_size));
                lap.time(&mut report, if targeted { "re-check" } else { "walk" });
                (walk, self.open_store(&mut report), None, Guess::Untried)
            };
        report.skipped = walk.skipped.clone();

        let known = match (&live, store.as_mut()) {
            (Some(live), _) => live.entries.clone(),
            (None, Some(s)) => match read_known.unwrap_or_else(|| s.files()) {
                Ok(known) => known,
                Err(err) => {
                    self.recover(&mut store, &mut report, &err.to_string());
                    HashMap::new()
                }
            },
            (None, None) => HashMap::new(),
        };
        report.cache_used = store.is_some();
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
        let checks = check_files(&walk.files, &known, pass, recent);
        let project = match (&live, targeted) {
            (Some(live), true) => live.project.clone(),
            _ => self.read_project_files(&walk.project_files, &mut report),
        };
        if let Some(creating) = creating {
            let (created, mut warnings) = creating.join().unwrap_or_else(|_| {
                (
                    None,
                    vec!["cache unavailable (opening it failed); analysing without it".into()],
                )
            });
            report.warnings.append(&mut warnings);
            store = created;
            report.cache_used = store.is_some();
        }
        lap.time(&mut report, "check + parse");

        let mut entries: Vec<(usize, FileEntry)> = Vec::with_capacity(checks.len());
        let mut parsed: Vec<Option<FileFacts>> = Vec::with_capacity(checks.len());
        let mut touched = Vec::new();
        let mut fresh_local: HashMap<String, Vec<u8>> = HashMap::new();
        for (index, check) in checks.into_iter().enumerate() {
            match check {
                Check::Same(entry) => {
                    entries.push((index, entry));
                    parsed.push(None);
                }
                Check::Touched(entry) => {
                    touched.push((index, entry));
                    entries.push((index, entry));
                    parsed.push(None);
                }
                Check::Parsed(entry, facts, local) => {
                    report.fresh.push(facts.path.clone());
                    if let Some(local) = local {
                        fresh_local.insert(facts.path.clone(), local);
                    }
                    entries.push((index, entry));
                    parsed.push(Some(*facts));
                }
                Check::Skipped(skipped) => {
                    report.skipped.push(skipped);
                    parsed.push(None);
                }
            }
        }
        let present: HashSet<&str> = entries
            .iter()
            .map(|(i, _)| walk.files[*i].path.as_str())
            .collect();
        let removed: Vec<String> = known
            .keys()
            .filter(|p| !present.contains(p.as_str()))
            .cloned()
            .collect();
        let digest = digest(&walk.files, &entries, &project);
        let any_parsed = parsed.iter().any(Option::is_some);
        let same_files = live.as_ref().is_some_and(|l| {
            removed.is_empty()
                && l.project == project
                && l.resolver.facts().len() == entries.len()
                && l.resolver
                    .facts()
                    .iter()
                    .zip(&entries)
                    .all(|(f, (i, _))| f.path == walk.files[*i].path)
        });

        // A live engine whose files are all still there patches the graph file by file.
        let live = match live {
            Some(live) if same_files => {
                let checked = Checked {
                    walk,
                    entries,
                    parsed,
                    touched,
                    fresh_local,
                    removed,
                    project,
                    digest,
                };
                return self.patch_or_resolve(
                    Run {
                        report,
                        store,
                        slot,
                        total,
                        lap,
                    },
                    live,
                    checked,
                );
            }
            other => other,
        };
        // Nothing changed: the last graph is still the graph.
        // (A live engine resolves instead: it needs the resolver's tables for its patches.)
        let may_reuse = !any_parsed && removed.is_empty() && live.is_none() && !self.options.live;
        let reusable = match guess {
            Guess::Built(built_from, snapshot) if may_reuse && built_from == digest => {
                Some(*snapshot)
            }
            // A graph of other inputs (or a run that parsed after all): nothing to read
            // again, and freeing it is left to another thread.
            Guess::Built(_, snapshot) => {
                std::thread::spawn(move || drop(snapshot));
                None
            }
            Guess::Untried | Guess::Gone if may_reuse => store
                .as_ref()
                .and_then(|s| s.graph(&digest, Snapshot::decode).ok().flatten()),
            Guess::Untried | Guess::Gone => None,
        };
        if let Some(snapshot) = reusable {
            report.reused = entries.len();
            report.graph = GraphUpdate::Reused;
            count_languages(&mut report, &walk.files, &entries);
            self.collect_local(
                &walk.files,
                &entries,
                fresh_local,
                None,
                store.as_ref(),
                &mut report,
            );
            // Files touched but unchanged get their new times recorded; with none, nothing is
            // written (a commit costs the file system a sync).
            if let Some(store) = store.as_mut() {
                if !touched.is_empty() {
                    let files = touched
                        .iter()
                        .map(|&(i, e)| (walk.files[i].path.as_str(), e))
                        .collect();
                    let update = Update {
                        files,
                        ..Update::default()
                    };
                    if let Err(err) = store.save(&update) {
                        report.warnings.push(format!("cache not updated ({err})"));
                    }
                }
                report.warnings.append(&mut store.warnings);
            }
            lap.time(&mut report, "load graph");
            self.snapshot.publish(snapshot);
            report.timings.push(("total", total.elapsed()));
            report.skipped.sort();
            return report;
        }
        let checked = Checked {
            walk,
            entries,
            parsed,
            touched,
            fresh_local,
            removed,
            project,
            digest,
        };
        self.resolve_all(
            Run {
                report,
                store,
                slot,
                total,
                lap,
            },
            live,
            checked,
        )
    }

    /// A live engine whose files are all still there patches the graph file by file, and
    /// resolves everything only when a patch is refused.
    fn patch_or_resolve(&self, run: Run<'_>, mut live: Live, checked: Checked) -> Report {
        let Checked {
            walk,
            entries,
            mut parsed,
            touched,
            fresh_local,
            removed,
            project,
            digest,
        } = checked;
        let Run {
            mut report,
            store,
            mut slot,
            total,
            mut lap,
        } = run;
        let fresh: Vec<usize> = (0..parsed.len()).filter(|&i| parsed[i].is_some()).collect();
        let outcome = if fresh.len() > MAX_PATCHED {
            Err(format!("{} files changed", fresh.len()))
        } else {
            let position: HashMap<&str, u32> = live
                .resolver
                .facts()
                .iter()
                .enumerate()
                .map(|(i, f)| (f.path.as_str(), i as u32))
                .collect();
            let wanted: Vec<(u32, usize)> = fresh
                .iter()
                .filter_map(|&i| position.get(walk.files[i].path.as_str()).map(|&p| (p, i)))
                .collect();
            let mut patches = Vec::new();
            let mut outcome = Ok(());
            for (file, i) in wanted {
                let Some(facts) = parsed[i].take() else {
                    continue;
                };
                let facts = Arc::new(facts);
                match live.resolver.patch(file, facts.clone()) {
                    Ok(patch) => patches.push(patch),
                    Err(why) => {
                        parsed[i] = Some(Arc::unwrap_or_clone(facts));
                        outcome = Err(why);
                        break;
                    }
                }
            }
            outcome.map(|()| patches)
        };
        match outcome {
            Ok(patches) => {
                let fresh_paths: HashSet<&str> = report.fresh.iter().map(String::as_str).collect();
                let files: Vec<(String, FileEntry)> = entries
                    .iter()
                    .filter(|(i, _)| {
                        fresh_paths.contains(walk.files[*i].path.as_str())
                            || touched.iter().any(|(t, _)| t == i)
                    })
                    .map(|(i, e)| (walk.files[*i].path.clone(), *e))
                    .collect();
                if !patches.is_empty() {
                    let spare = self
                        .spare
                        .lock()
                        .ok()
                        .and_then(|mut s| s.take())
                        .and_then(|h| h.join().ok());
                    let snapshot = self
                        .snapshot
                        .load()
                        .patched(&live.resolver, &patches, spare);
                    self.snapshot.publish(snapshot);
                    report.graph = GraphUpdate::Patched;
                } else {
                    report.graph = GraphUpdate::Reused;
                }
                lap.time(&mut report, "patch graph");
                let facts: Vec<Arc<FileFacts>> = patches
                    .iter()
                    .map(|p| live.resolver.facts()[p.file as usize].clone())
                    .collect();
                for (path, bytes) in fresh_local {
                    live.local.insert(path, bytes.into());
                }
                let local: Vec<(String, LocalBytes)> = facts
                    .iter()
                    .filter_map(|f| live.local.get(&f.path).map(|b| (f.path.clone(), b.clone())))
                    .collect();
                for (path, entry) in &files {
                    live.entries.insert(path.clone(), *entry);
                }
                if let Some(store) = store {
                    self.save_in_background(store, files, facts, local);
                }
                report.parsed = report.fresh.len();
                report.reused = entries.len() - report.parsed;
                count_languages(&mut report, &walk.files, &entries);
                report.local = live.local.clone();
                live.walk = walk;
                *slot = Some(live);
                report.skipped.sort();
                report.timings.push(("total", total.elapsed()));
                report
            }
            Err(why) => {
                tracing::debug!("graph resolved again: {why}");
                // Facts patched in before the refusal are current: keep them.
                for (i, slot) in parsed.iter_mut().enumerate() {
                    if slot.is_none()
                        && fresh.contains(&i)
                        && let Some(f) = live
                            .resolver
                            .facts()
                            .iter()
                            .find(|f| f.path == walk.files[i].path)
                    {
                        *slot = Some((**f).clone());
                    }
                }
                let checked = Checked {
                    walk,
                    entries,
                    parsed,
                    touched,
                    fresh_local,
                    removed,
                    project,
                    digest,
                };
                self.resolve_all(
                    Run {
                        report,
                        store,
                        slot,
                        total,
                        lap,
                    },
                    Some(live),
                    checked,
                )
            }
        }
    }

    /// Resolves every file (facts from this refresh, memory or the cache), publishes the
    /// graph and saves what changed.
    fn resolve_all(&self, run: Run<'_>, live: Option<Live>, checked: Checked) -> Report {
        let Checked {
            walk,
            mut entries,
            parsed,
            touched,
            mut fresh_local,
            removed,
            project,
            digest,
        } = checked;
        let Run {
            mut report,
            mut store,
            mut slot,
            total,
            mut lap,
        } = run;
        // Facts parsed now, else kept in memory (live), else from the cache.
        let mut known: Vec<Option<Arc<FileFacts>>> =
            parsed.into_iter().map(|p| p.map(Arc::new)).collect();
        if let Some(live) = &live {
            let memory: HashMap<&str, &Arc<FileFacts>> = live
                .resolver
                .facts()
                .iter()
                .map(|f| (f.path.as_str(), f))
                .collect();
            for &(i, _) in &entries {
                if known[i].is_none()
                    && let Some(facts) = memory.get(walk.files[i].path.as_str())
                {
                    known[i] = Some(Arc::clone(facts));
                }
            }
        }
        let (facts, damaged) = self.gather_facts(
            &walk.files,
            &mut entries,
            known,
            store.as_ref(),
            &mut fresh_local,
            &mut report,
        );
        // A cache that failed mid-read is started afresh, so everything goes back into it.
        let save_all = damaged.is_some();
        if let Some(why) = damaged {
            self.recover(&mut store, &mut report, &why);
        }
        count_languages(&mut report, &walk.files, &entries);
        lap.time(&mut report, "load facts");

        // Facts go to the cache on another thread while this one resolves; the graph
        // follows in a second transaction (it is keyed by digest, so a run that stops
        // between the two just resolves again next time).
        let fresh: HashSet<&str> = report.fresh.iter().map(String::as_str).collect();
        let files: Vec<(&str, FileEntry)> = entries
            .iter()
            .filter(|(i, _)| {
                save_all
                    || fresh.contains(walk.files[*i].path.as_str())
                    || touched.iter().any(|(t, _)| t == i)
            })
            .map(|(i, e)| (walk.files[*i].path.as_str(), *e))
            .collect();
        let update = Update {
            files,
            facts: facts
                .iter()
                .filter(|f| save_all || fresh.contains(f.path.as_str()))
                .map(|f| &**f)
                .collect(),
            local: fresh_local
                .iter()
                .map(|(path, bytes)| (path.as_str(), bytes.as_slice()))
                .collect(),
            removed,
            graph: None,
            // The graph's commit follows on another thread and makes this one durable.
            deferred: true,
        };
        let keep = self.options.live;
        // Both halves run on the thread pool: a thread of its own for the save would make
        // three runnable threads on two cores while resolution's parallel phases run.
        let (built, saved) = rayon::join(
            || {
                if keep {
                    let mut resolver = Resolver::build(&facts, &project, &self.root_name);
                    let snapshot = Snapshot::of_resolver(&resolver);
                    resolver.prepare_patches();
                    (snapshot, Some(resolver))
                } else {
                    (Snapshot::build(&facts, &project, &self.root_name), None)
                }
            },
            || {
                store.as_mut().map(|store| {
                    let started = Instant::now();
                    let saved = store.save(&update);
                    tracing::debug!(ms = started.elapsed().as_secs_f64() * 1000.0, "facts saved");
                    saved
                })
            },
        );
        let (snapshot, resolver) = built;
        report.warnings.extend(snapshot.warnings.iter().cloned());
        lap.time(&mut report, "resolve + save facts");
        if let Some(Err(err)) = saved {
            report.warnings.push(format!("cache not updated ({err})"));
        }

        let previous_local = live.map(|l| l.local);
        self.collect_local(
            &walk.files,
            &entries,
            fresh_local,
            previous_local.as_ref(),
            store.as_ref(),
            &mut report,
        );
        if let Some(resolver) = resolver {
            let entries = entries
                .iter()
                .map(|(i, e)| (walk.files[*i].path.clone(), *e))
                .collect();
            *slot = Some(Live {
                walk,
                project,
                entries,
                local: report.local.clone(),
                resolver,
            });
        }
        drop(slot);
        let published = self.snapshot.publish(snapshot);
        // Writing the graph to the cache only matters to the next run: it goes on in the
        // background while the caller uses the snapshot (the detectors, a report).
        if let Some(mut store) = store {
            report.warnings.append(&mut store.warnings);
            crate::store::pending::spawn(&self.root, move || {
                let mut warnings = Vec::new();
                let started = Instant::now();
                match published.encoder() {
                    Ok(encoder) => {
                        let encoded = started.elapsed();
                        let write = |out: &mut [u8]| encoder.write(out).map_err(|e| e.to_string());
                        let update = Update {
                            graph: Some(GraphBytes {
                                digest,
                                len: encoder.len(),
                                write: &write,
                            }),
                            ..Update::default()
                        };
                        if let Err(err) = store.save(&update) {
                            warnings.push(format!("graph not cached ({err})"));
                        }
                        tracing::debug!(
                            bytes = encoder.len(),
                            size_ms = encoded.as_secs_f64() * 1000.0,
                            write_ms = (started.elapsed() - encoded).as_secs_f64() * 1000.0,
                            "graph cached"
                        );
                    }
                    Err(err) => warnings.push(format!("graph not cached ({err})")),
                }
                warnings.append(&mut store.warnings);
                warnings
            });
        }
        report.skipped.sort();
        report.timings.push(("total", total.elapsed()));
        report
    }

    /// A patched refresh's changes go to the cache on another thread (the graph itself is
    /// not written: the next cold run resolves from the cached facts).
    fn save_in_background(
        &self,
        mut store: Store,
        files: Vec<(String, FileEntry)>,
        facts: Vec<Arc<FileFacts>>,
        local: Vec<(String, LocalBytes)>,
    ) {
        crate::store::pending::spawn(&self.root, move || {
            let update = Update {
                files: files.iter().map(|(p, e)| (p.as_str(), *e)).collect(),
                facts: facts.iter().map(|f| &**f).collect(),
                local: local.iter().map(|(p, b)| (p.as_str(), &**b)).collect(),
                removed: Vec::new(),
                graph: None,
                deferred: false,
            };
            let mut warnings = Vec::new();
            if let Err(err) = store.save(&update) {
                warnings.push(format!("cache not updated ({err})"));
            }
            warnings.append(&mut store.warnings);
            warnings
        });
    }

    /// The last walk with the named paths looked at again, when each of them is a source
    /// file the engine knows (edited, or deleted); `None` (walk the tree) for anything else:
    /// a new file, a folder, a project file, an ignore file.
    fn rewalk(&self, paths: &[PathBuf], live: &Live) -> Option<parse::walk::Walk> {
        let mut files = live.walk.files.clone();
        let position: HashMap<&str, usize> = live
            .walk
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.path.as_str(), i))
            .collect();
        let mut gone = HashSet::new();
        for path in paths {
            let relative = if path.is_absolute() {
                path.strip_prefix(&self.root).ok()?
            } else {
                path.as_path()
            };
            let relative = relative.to_str()?.replace('\\', "/");
            let &index = position.get(relative.as_str())?;
            match std::fs::metadata(self.root.join(&relative)) {
                Ok(meta) if meta.is_file() => {
                    if meta.len() > self.options.max_file_size {
                        return None;
                    }
                    files[index].size = meta.len();
                    files[index].modified = parse::walk::modified_ns(&meta);
                }
                Ok(_) => return None,
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                    gone.insert(index);
                }
                Err(_) => return None,
            }
        }
        let files = files
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !gone.contains(i))
            .map(|(_, f)| f)
            .collect();
        Some(parse::walk::Walk {
            files,
            project_files: live.walk.project_files.clone(),
            skipped: live.walk.skipped.clone(),
        })
    }

    fn open_store(&self, report: &mut Report) -> Option<Store> {
        if !self.options.use_cache {
            return None;
        }
        open_store(&self.root, &mut report.warnings)
    }

    /// A read from the cache failed: say so once, start it afresh, carry on.
    fn recover(&self, store: &mut Option<Store>, report: &mut Report, why: &str) {
        if let Some(s) = store.as_mut()
            && let Err(err) = s.reset(why)
        {
            report
                .warnings
                .push(format!("cache unavailable ({err}); analysing without it"));
            *store = None;
        }
    }

    /// Facts for every present file: fresh ones as parsed, the rest from the cache (parsed
    /// again if the cache cannot give them back).
    fn gather_facts(
        &self,
        files: &[SourceFile],
        entries: &mut [(usize, FileEntry)],
        mut out: Vec<Option<Arc<FileFacts>>>,
        store: Option<&Store>,
        fresh_local: &mut HashMap<String, Vec<u8>>,
        report: &mut Report,
    ) -> (Vec<Arc<FileFacts>>, Option<String>) {
        let missing: Vec<usize> = entries
            .iter()
            .map(|(i, _)| *i)
            .filter(|&i| out[i].is_none())
            .collect();
        let paths: Vec<&str> = missing.iter().map(|&i| files[i].path.as_str()).collect();
        let mut damaged = None;
        let cached = match store.map(|s| s.facts(&paths)) {
            Some(Ok(cached)) => cached,
            Some(Err(err)) => {
                damaged = Some(err.to_string());
                vec![None; paths.len()]
            }
            None => vec![None; paths.len()],
        };
        let pass = self.options.pass.as_deref();
        let recovered: Vec<Recovered> = missing
            .par_iter()
            .zip(cached.into_par_iter())
            .map(|(&i, bytes)| {
                let file = &files[i];
                let decoded = bytes
                    .as_deref()
                    .and_then(store::decode_facts)
                    .filter(|f| f.language == file.language && f.path == file.path);
                match decoded {
                    Some(facts) => (i, Ok((facts, None)), false),
                    None => (
                        i,
                        parse::parse_file(file, pass).map_err(|reason| Skipped {
                            path: file.path.clone(),
                            reason,
                        }),
                        true,
                    ),
                }
            })
            .collect();
        for (i, result, reparsed) in recovered {
            match result {
                Ok((facts, local)) => {
                    if reparsed {
                        report.fresh.push(facts.path.clone());
                    }
                    if let (Some(local), Some(pass)) = (local, pass)
                        && let Some((_, entry)) = entries.iter_mut().find(|(e, _)| *e == i)
                    {
                        entry.local = local_key(&pass.key(), &entry.hash);
                        fresh_local.insert(facts.path.clone(), local);
                    }
                    out[i] = Some(Arc::new(facts));
                }
                Err(skipped) => report.skipped.push(skipped),
            }
        }
        let out: Vec<Arc<FileFacts>> = out.into_iter().flatten().collect();
        report.parsed = report.fresh.len();
        report.reused = out.len() - report.parsed;
        (out, damaged)
    }

    /// Fills `report.local` for every present file: fresh results, else the cached ones,
    /// else (the cache lost them) a fresh parse.
    fn collect_local(
        &self,
        files: &[SourceFile],
        entries: &[(usize, FileEntry)],
        fresh: HashMap<String, Vec<u8>>,
        memory: Option<&BTreeMap<String, LocalBytes>>,
        store: Option<&Store>,
        report: &mut Report,
    ) {
        let Some(pass) = self.options.pass.as_deref() else {
            return;
        };
        let mut out: BTreeMap<String, LocalBytes> = fresh
            .into_iter()
            .map(|(p, b)| (p, LocalBytes::from(b)))
            .collect();
        let wanted: Vec<&SourceFile> = entries.iter().map(|(i, _)| &files[*i]).collect();
        let mut missing: Vec<&str> = Vec::new();
        for file in &wanted {
            if out.contains_key(&file.path) {
                continue;
            }
            match memory.and_then(|m| m.get(&file.path)) {
                Some(bytes) => {
                    out.insert(file.path.clone(), bytes.clone());
                }
                None => missing.push(file.path.as_str()),
            }
        }
        let cached = match store.map(|s| s.local(&missing)) {
            Some(Ok(cached)) => cached,
            Some(Err(err)) => {
                report.warnings.push(format!(
                    "cached findings unreadable ({err}); recomputing them"
                ));
                vec![None; missing.len()]
            }
            None => vec![None; missing.len()],
        };
        let mut lost = Vec::new();
        for (path, bytes) in missing.iter().zip(cached) {
            match bytes {
                Some(bytes) => {
                    out.insert((*path).to_string(), bytes.into());
                }
                None => lost.push(*path),
            }
        }
        let lost: HashSet<&str> = lost.into_iter().collect();
        let recomputed: Vec<(String, Vec<u8>)> = wanted
            .par_iter()
            .filter(|f| lost.contains(f.path.as_str()))
            .filter_map(|f| {
                parse::parse_file(f, Some(pass))
                    .ok()
                    .and_then(|(facts, local)| Some((facts.path, local?)))
            })
            .collect();
        out.extend(
            recomputed
                .into_iter()
                .map(|(p, b)| (p, LocalBytes::from(b))),
        );
        report.local = out;
    }

    fn read_project_files(&self, paths: &[String], report: &mut Report) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for path in paths {
            match std::fs::read_to_string(self.root.join(path)) {
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

/// Which run of the local pass over which content a stored result belongs to.
fn local_key(pass_key: &[u8; 32], hash: &[u8; 32]) -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    hasher.update(pass_key);
    hasher.update(hash);
    *hasher.finalize().as_bytes()
}

/// A file the cache could not give back: its index, its facts and local results (or why
/// it was skipped), and whether it had to be parsed again.
type Recovered = (usize, Result<(FileFacts, Option<Vec<u8>>), Skipped>, bool);

/// Compares each walked file with the cache; reads, hashes and parses only what changed
/// (or what lacks current local-pass results, when a pass is given).
fn check_files(
    files: &[SourceFile],
    known: &HashMap<String, FileEntry>,
    pass: Option<(&dyn LocalPass, [u8; 32])>,
    recent: Option<&parse::recent::RecentTrees>,
) -> Vec<Check> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Where the parser allocates depends on how much this run parses (files whose metadata
    // changed: near enough for the choice).
    let to_parse: u64 = files
        .iter()
        .filter(|f| known.get(&f.path).is_none_or(|e| !same_stat(e, f)))
        .map(|f| f.size)
        .sum();
    parse::parser_heap::choose(to_parse);
    let local_current = |entry: &FileEntry, hash: &[u8; 32]| {
        pass.is_none_or(|(_, key)| entry.local == local_key(&key, hash))
    };
    // A file whose size and time the cache has, settled, is not read: one look-up each, on
    // this thread (a no-change run is all of these).
    let mut checks: Vec<Option<Check>> = files
        .iter()
        .map(|file| {
            let entry = known.get(&file.path)?;
            let settled = file.modified != 0 && file.modified.saturating_add(RACY_WINDOW_NS) < now;
            (settled && same_stat(entry, file) && local_current(entry, &entry.hash))
                .then_some(Check::Same(*entry))
        })
        .collect();
    let read = |file: &SourceFile| -> Check {
        let bytes = match parse::read_source(&file.abs) {
            Ok(bytes) => bytes,
            Err(reason) => {
                return Check::Skipped(Skipped {
                    path: file.path.clone(),
                    reason,
                });
            }
        };
        let hash = parse::hash(&bytes);
        let mut entry = FileEntry {
            hash,
            size: bytes.len() as u64,
            modified: file.modified,
            local: [0; 32],
        };
        if let Some(c) = known
            .get(&file.path)
            .filter(|c| c.hash == hash && local_current(c, &hash))
        {
            entry.local = c.local;
            return Check::Touched(entry);
        }
        let (facts, local) = parse::parse_bytes_with(
            &file.path,
            file.language,
            &bytes,
            hash,
            pass.map(|(p, _)| p),
            recent,
        );
        if let Some((_, key)) = pass {
            entry.local = local_key(&key, &hash);
        }
        Check::Parsed(entry, Box::new(facts), local)
    };
    // Only what must be read is ordered: nothing, in a no-change run.
    let rest = parse::walk::largest_first(files, (0..files.len()).filter(|&i| checks[i].is_none()));
    let done: Vec<(usize, Check)> = rest
        .into_iter()
        .par_bridge()
        .map(|i| (i, read(&files[i])))
        .collect();
    for (i, check) in done {
        checks[i] = Some(check);
    }
    // Each file was either unchanged or read; the fallback only keeps the checks aligned
    // with the files should that ever not hold.
    checks
        .into_iter()
        .zip(files)
        .map(|(check, file)| {
            check.unwrap_or_else(|| {
                Check::Skipped(Skipped {
                    path: file.path.clone(),
                    reason: SkipReason::Unreadable("not checked".into()),
                })
            })
        })
        .collect()
}

/// Everything the graph depends on: the schema, each file's path, language and content
/// hash, and the project files.
fn digest(
    files: &[SourceFile],
    entries: &[(usize, FileEntry)],
    project: &[(String, String)],
) -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    hasher.update(store::schema_key().as_bytes());
    for (index, entry) in entries {
        let file = &files[*index];
        hasher.update(file.path.as_bytes());
        hasher.update(&[0, file.language as u8]);
        hasher.update(&entry.hash);
    }
    for (path, text) in project {
        hasher.update(path.as_bytes());
        hasher.update(&[0]);
        hasher.update(blake3::hash(text.as_bytes()).as_bytes());
    }
    *hasher.finalize().as_bytes()
}

fn count_languages(report: &mut Report, files: &[SourceFile], entries: &[(usize, FileEntry)]) {
    for (index, _) in entries {
        *report
            .files_by_language
            .entry(files[*index].language.name())
            .or_default() += 1;
    }
}
