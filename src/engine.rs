//! The pipeline driver: walk → read and hash → reuse cached facts or parse (rayon) →
//! save → resolve → publish a new `Snapshot`. Front ends (CLI, watch, MCP, TUI) call this
//! and read the published snapshot.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::graph::{SharedSnapshot, Snapshot};
use crate::parse::{self, FileFacts, LocalPass, SkipReason, Skipped, SourceFile};
use crate::store::{self, FileEntry, Store, Update};

/// Files larger than this are skipped unless configured otherwise.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 1024 * 1024;

#[derive(Clone)]
pub struct Options {
    pub max_file_size: u64,
    pub use_cache: bool,
    /// Run this over every parsed tree and keep its results (the detectors' file-local
    /// pass); `Report::local` then holds them for every file.
    pub pass: Option<Arc<dyn LocalPass>>,
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("max_file_size", &self.max_file_size)
            .field("use_cache", &self.use_cache)
            .field("pass", &self.pass.is_some())
            .finish()
    }
}

impl Default for Options {
    fn default() -> Self {
        Options { max_file_size: DEFAULT_MAX_FILE_SIZE, use_cache: true, pass: None }
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
    /// Paths parsed in this refresh (not taken from the cache).
    pub fresh: Vec<String>,
    /// The local pass's results for every file, by path (empty without a pass).
    pub local: BTreeMap<String, Vec<u8>>,
}

pub struct Engine {
    root: PathBuf,
    root_name: String,
    options: Options,
    snapshot: SharedSnapshot,
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

/// Graph writes still running, by root. The cache admits one writer, so a refresh of the
/// same root — from any engine in this process — first waits for them, and so does
/// dropping an engine (the process must not end halfway through a write).
static PENDING_SAVES: std::sync::Mutex<Vec<(PathBuf, std::thread::JoinHandle<Vec<String>>)>> = std::sync::Mutex::new(Vec::new());

/// Waits for the pending graph writes of `root`; their warnings.
pub fn settle(root: &Path) -> Vec<String> {
    let handles: Vec<_> = match PENDING_SAVES.lock() {
        Ok(mut pending) => {
            let (mine, others): (Vec<_>, Vec<_>) = pending.drain(..).partition(|(r, _)| r == root);
            *pending = others;
            mine
        }
        Err(_) => Vec::new(),
    };
    let mut warnings = Vec::new();
    for (_, handle) in handles {
        match handle.join() {
            Ok(mut more) => warnings.append(&mut more),
            Err(_) => warnings.push("graph not cached (the writer failed)".into()),
        }
    }
    warnings
}

impl Drop for Engine {
    fn drop(&mut self) {
        for warning in settle(&self.root) {
            tracing::warn!("{warning}");
        }
    }
}

/// Files modified this recently are hashed even when size and time match the cache: an
/// edit within the same clock tick as the last run must not be missed.
const RACY_WINDOW_NS: u64 = 2_000_000_000;

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

    /// Brings the graph up to date with the files on disk and publishes it. The graph's
    /// write to the cache finishes in the background (see `settle`).
    pub fn refresh(&self) -> Report {
        let mut report = Report { warnings: settle(&self.root), ..Report::default() };
        let total = Instant::now();
        let mut lap = Instant::now();
        let mut time = |report: &mut Report, stage: &'static str| {
            report.timings.push((stage, lap.elapsed()));
            lap = Instant::now();
        };

        let walk = parse::walk::walk(&self.root, self.options.max_file_size);
        report.skipped = walk.skipped;
        time(&mut report, "walk");

        let mut store = self.open_store(&mut report);
        let known = match store.as_mut().map(|s| s.files()) {
            Some(Ok(known)) => known,
            Some(Err(err)) => {
                self.recover(&mut store, &mut report, &err.to_string());
                HashMap::new()
            }
            None => HashMap::new(),
        };
        report.cache_used = store.is_some();
        if known.is_empty() {
            parse::prepare(&walk.files.iter().map(|f| f.language).collect());
        }
        let pass = self.options.pass.as_deref().map(|p| (p, p.key()));
        let checks = check_files(&walk.files, &known, pass);
        let project = self.read_project_files(&walk.project_files, &mut report);
        time(&mut report, "check + parse");

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
        let present: HashSet<&str> = entries.iter().map(|(i, _)| walk.files[*i].path.as_str()).collect();
        let removed: Vec<String> = known.keys().filter(|p| !present.contains(p.as_str())).cloned().collect();
        let digest = digest(&walk.files, &entries, &project);
        let any_parsed = parsed.iter().any(Option::is_some);

        // Nothing changed: the last graph is still the graph.
        if !any_parsed && removed.is_empty()
            && let Some(snapshot) = store.as_ref().and_then(|s| s.graph(&digest).ok().flatten()).and_then(|b| Snapshot::decode(&b)) {
                report.reused = entries.len();
                count_languages(&mut report, &walk.files, &entries);
                self.collect_local(&walk.files, &entries, fresh_local, store.as_ref(), &mut report);
                if let Some(store) = store.as_mut() {
                    let files = touched.iter().map(|&(i, e)| (walk.files[i].path.as_str(), e)).collect();
                    let update = Update { files, ..Update::default() };
                    if let Err(err) = store.save(&update) {
                        report.warnings.push(format!("cache not updated ({err})"));
                    }
                    report.warnings.append(&mut store.warnings);
                }
                time(&mut report, "load graph");
                self.snapshot.publish(snapshot);
                report.timings.push(("total", total.elapsed()));
                report.skipped.sort();
                return report;
            }

        let (facts, damaged) =
            self.gather_facts(&walk.files, &mut entries, parsed, store.as_ref(), &mut fresh_local, &mut report);
        // A cache that failed mid-read is started afresh, so everything goes back into it.
        let save_all = damaged.is_some();
        if let Some(why) = damaged {
            self.recover(&mut store, &mut report, &why);
        }
        count_languages(&mut report, &walk.files, &entries);
        time(&mut report, "load facts");

        // Facts go to the cache on another thread while this one resolves; the graph
        // follows in a second transaction (it is keyed by digest, so a run that stops
        // between the two just resolves again next time).
        let fresh: HashSet<&str> = report.fresh.iter().map(String::as_str).collect();
        let files: Vec<(&str, FileEntry)> = entries
            .iter()
            .filter(|(i, _)| save_all || fresh.contains(walk.files[*i].path.as_str()) || touched.iter().any(|(t, _)| t == i))
            .map(|(i, e)| (walk.files[*i].path.as_str(), *e))
            .collect();
        let update = Update {
            files,
            facts: facts.iter().filter(|f| save_all || fresh.contains(f.path.as_str())).collect(),
            local: fresh_local.iter().map(|(path, bytes)| (path.as_str(), bytes.as_slice())).collect(),
            removed,
            graph: None,
        };
        let (snapshot, saved) = std::thread::scope(|scope| {
            let saver = store.as_mut().map(|store| scope.spawn(move || store.save(&update)));
            let snapshot = Snapshot::build(&facts, &project, &self.root_name);
            (snapshot, saver.map(|handle| handle.join()))
        });
        report.warnings.extend(snapshot.warnings.iter().cloned());
        time(&mut report, "resolve + save facts");
        match saved {
            Some(Ok(Err(err))) => report.warnings.push(format!("cache not updated ({err})")),
            Some(Err(_)) => report.warnings.push("cache not updated (the writer failed)".into()),
            _ => {}
        }

        self.collect_local(&walk.files, &entries, fresh_local, store.as_ref(), &mut report);
        let published = self.snapshot.publish(snapshot);
        // Writing the graph to the cache only matters to the next run: it goes on in the
        // background while the caller uses the snapshot (the detectors, a report).
        if let Some(mut store) = store {
            report.warnings.append(&mut store.warnings);
            let handle = std::thread::spawn(move || {
                let mut warnings = Vec::new();
                match published.encode() {
                    Ok(bytes) => {
                        let update = Update { graph: Some((digest, bytes)), ..Update::default() };
                        if let Err(err) = store.save(&update) {
                            warnings.push(format!("graph not cached ({err})"));
                        }
                    }
                    Err(err) => warnings.push(format!("graph not cached ({err})")),
                }
                warnings.append(&mut store.warnings);
                warnings
            });
            if let Ok(mut pending) = PENDING_SAVES.lock() {
                pending.push((self.root.clone(), handle));
            }
        }
        report.skipped.sort();
        report.timings.push(("total", total.elapsed()));
        report
    }

    fn open_store(&self, report: &mut Report) -> Option<Store> {
        if !self.options.use_cache {
            return None;
        }
        match Store::open(&self.root) {
            Ok(store) => Some(store),
            Err(err) => {
                report.warnings.push(format!("cache unavailable ({err}); analysing without it"));
                None
            }
        }
    }

    /// A read from the cache failed: say so once, start it afresh, carry on.
    fn recover(&self, store: &mut Option<Store>, report: &mut Report, why: &str) {
        if let Some(s) = store.as_mut()
            && let Err(err) = s.reset(why) {
                report.warnings.push(format!("cache unavailable ({err}); analysing without it"));
                *store = None;
            }
    }

    /// Facts for every present file: fresh ones as parsed, the rest from the cache (parsed
    /// again if the cache cannot give them back).
    fn gather_facts(
        &self,
        files: &[SourceFile],
        entries: &mut [(usize, FileEntry)],
        mut parsed: Vec<Option<FileFacts>>,
        store: Option<&Store>,
        fresh_local: &mut HashMap<String, Vec<u8>>,
        report: &mut Report,
    ) -> (Vec<FileFacts>, Option<String>) {
        let missing: Vec<usize> = entries.iter().map(|(i, _)| *i).filter(|&i| parsed[i].is_none()).collect();
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
                    None => (i, parse::parse_file(file, pass).map_err(|reason| Skipped { path: file.path.clone(), reason }), true),
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
                        && let Some((_, entry)) = entries.iter_mut().find(|(e, _)| *e == i) {
                            entry.local = local_key(&pass.key(), &entry.hash);
                            fresh_local.insert(facts.path.clone(), local);
                        }
                    parsed[i] = Some(facts);
                }
                Err(skipped) => report.skipped.push(skipped),
            }
        }
        let out: Vec<FileFacts> = parsed.into_iter().flatten().collect();
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
        mut fresh: HashMap<String, Vec<u8>>,
        store: Option<&Store>,
        report: &mut Report,
    ) {
        let Some(pass) = self.options.pass.as_deref() else { return };
        let wanted: Vec<&SourceFile> = entries.iter().map(|(i, _)| &files[*i]).collect();
        let missing: Vec<&str> = wanted.iter().map(|f| f.path.as_str()).filter(|p| !fresh.contains_key(*p)).collect();
        let cached = match store.map(|s| s.local(&missing)) {
            Some(Ok(cached)) => cached,
            Some(Err(err)) => {
                report.warnings.push(format!("cached findings unreadable ({err}); recomputing them"));
                vec![None; missing.len()]
            }
            None => vec![None; missing.len()],
        };
        let mut lost = Vec::new();
        for (path, bytes) in missing.iter().zip(cached) {
            match bytes {
                Some(bytes) => {
                    fresh.insert((*path).to_string(), bytes);
                }
                None => lost.push(*path),
            }
        }
        let lost: HashSet<&str> = lost.into_iter().collect();
        let recomputed: Vec<(String, Vec<u8>)> = wanted
            .par_iter()
            .filter(|f| lost.contains(f.path.as_str()))
            .filter_map(|f| parse::parse_file(f, Some(pass)).ok().and_then(|(facts, local)| Some((facts.path, local?))))
            .collect();
        fresh.extend(recomputed);
        report.local = fresh.into_iter().collect();
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
) -> Vec<Check> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    files
        .par_iter()
        .map(|file| {
            let cached = known.get(&file.path);
            let local_current = |entry: &FileEntry, hash: &[u8; 32]| {
                pass.is_none_or(|(_, key)| entry.local == local_key(&key, hash))
            };
            if let Some(entry) = cached {
                let settled = file.modified != 0 && file.modified.saturating_add(RACY_WINDOW_NS) < now;
                if settled && entry.size == file.size && entry.modified == file.modified && local_current(entry, &entry.hash) {
                    return Check::Same(*entry);
                }
            }
            let bytes = match parse::read_source(&file.abs) {
                Ok(bytes) => bytes,
                Err(reason) => return Check::Skipped(Skipped { path: file.path.clone(), reason }),
            };
            let hash = parse::hash(&bytes);
            let mut entry = FileEntry { hash, size: bytes.len() as u64, modified: file.modified, local: [0; 32] };
            if let Some(c) = cached.filter(|c| c.hash == hash && local_current(c, &hash)) {
                entry.local = c.local;
                return Check::Touched(entry);
            }
            let (facts, local) = parse::parse_bytes_with(&file.path, file.language, &bytes, hash, pass.map(|(p, _)| p));
            if let Some((_, key)) = pass {
                entry.local = local_key(&key, &hash);
            }
            Check::Parsed(entry, Box::new(facts), local)
        })
        .collect()
}

/// Everything the graph depends on: the schema, each file's path, language and content
/// hash, and the project files.
fn digest(files: &[SourceFile], entries: &[(usize, FileEntry)], project: &[(String, String)]) -> [u8; 32] {
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
        *report.files_by_language.entry(files[*index].language.name()).or_default() += 1;
    }
}
