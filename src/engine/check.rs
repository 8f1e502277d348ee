//! Change detection: each walked file against what the cache (or a live engine) knows —
//! unchanged by size and time, touched but the same content, or read, hashed and parsed —
//! and the digest of every input the graph depends on.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::engine::Report;
use crate::engine::live::Live;
use crate::lang::Family;
use crate::parse::{
    self, FileFacts, LaterPass, Local, LocalBytes, LocalPass, SkipReason, Skipped, SourceFile,
};
use crate::store::{self, FileEntry};

/// Files modified this recently are hashed even when size and time match the cache: an
/// edit within the same clock tick as the last run must not be missed.
const RACY_WINDOW_NS: u64 = 2_000_000_000;

/// What checking one walked file found.
pub(super) enum Check {
    /// Size and modification time match the cache (and the file is not being written).
    Same(FileEntry),
    /// Metadata changed but the content hash did not.
    Touched(FileEntry),
    /// New or changed content (or stale local results), parsed.
    Parsed(FileEntry, Box<FileFacts>, Option<Local>),
    Skipped(Skipped),
}

/// Where one refresh stands after checking every file against what is known.
pub(super) struct Checked {
    pub walk: parse::walk::Walk,
    /// (index into `walk.files`, entry) of every file present.
    pub entries: Vec<(usize, FileEntry)>,
    /// By walk index: the facts parsed in this refresh.
    pub parsed: Vec<Option<FileFacts>>,
    /// Files whose time changed but not their content.
    pub touched: Vec<(usize, FileEntry)>,
    /// The local pass's results of the files parsed now, by path.
    pub fresh_local: HashMap<String, LocalBytes>,
    /// Files parsed now whose local pass is still to run (`LaterPass`), by path: their
    /// results join `fresh_local` once it has (`finish_later`).
    pub later: Vec<(String, Box<LaterPass>)>,
    /// Paths known before and no longer found.
    pub removed: Vec<String>,
    pub project: Vec<(String, String)>,
    /// Of every input the graph depends on (`digest`).
    pub digest: [u8; 32],
}

impl Checked {
    /// Sorts the checks into what the rest of the refresh needs; fresh paths and skipped
    /// files go into `report`.
    pub fn new(
        walk: parse::walk::Walk,
        checks: Vec<Check>,
        known: &HashMap<String, FileEntry>,
        project: Vec<(String, String)>,
        report: &mut Report,
    ) -> Checked {
        let mut entries = Vec::with_capacity(checks.len());
        let mut parsed = Vec::with_capacity(checks.len());
        let mut touched = Vec::new();
        let mut fresh_local = HashMap::new();
        let mut later = Vec::new();
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
                    match local {
                        Some(Local::Now(local)) => {
                            fresh_local.insert(facts.path.clone(), LocalBytes::from(local));
                        }
                        Some(Local::Later(pass)) => later.push((facts.path.clone(), pass)),
                        None => {}
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
        let removed = known
            .keys()
            .filter(|p| !present.contains(p.as_str()))
            .cloned()
            .collect();
        let digest = digest(&walk.files, &entries, &project);
        Checked {
            walk,
            entries,
            parsed,
            touched,
            fresh_local,
            later,
            removed,
            project,
            digest,
        }
    }

    /// Whether any file was parsed or removed: the last graph no longer holds.
    pub fn changed(&self) -> bool {
        self.parsed.iter().any(Option::is_some) || !self.removed.is_empty()
    }

    /// Runs the local passes put off (`later`) now, on the pool, into `fresh_local`.
    pub fn finish_later(&mut self, pass: Option<&dyn LocalPass>) {
        let later = std::mem::take(&mut self.later);
        let Some(pass) = pass else {
            return;
        };
        let done = run_later(pass, later, self.parsed.iter().flatten());
        self.fresh_local.extend(done);
    }

    /// Whether the same files, in the same order, with the same project files, make up the
    /// live engine's graph: then it can be patched file by file.
    pub fn same_files_as(&self, live: &Live) -> bool {
        let facts = live.resolver.facts();
        self.removed.is_empty()
            && live.project == self.project
            && facts.len() == self.entries.len()
            && facts
                .iter()
                .zip(&self.entries)
                .all(|(f, (i, _))| f.path == self.walk.files[*i].path)
    }

    pub fn path(&self, index: usize) -> &str {
        &self.walk.files[index].path
    }

    /// The entries to write: those of the files parsed now (by path in `fresh`), those
    /// touched, or all of them.
    pub fn entries_to_save<'c>(
        &'c self,
        fresh: &HashSet<&str>,
        all: bool,
    ) -> Vec<(&'c str, FileEntry)> {
        self.entries
            .iter()
            .filter(|(i, _)| {
                all || fresh.contains(self.path(*i)) || self.touched.iter().any(|(t, _)| t == i)
            })
            .map(|(i, e)| (self.path(*i), *e))
            .collect()
    }

    /// Counts the present files by language into `report`.
    pub fn count_languages(&self, report: &mut Report) {
        for (index, _) in &self.entries {
            *report
                .files_by_language
                .entry(self.walk.files[*index].language.name())
                .or_default() += 1;
        }
    }
}

/// Whether the cache recorded `file` with the size and time it has now.
pub(super) fn same_stat(entry: &FileEntry, file: &SourceFile) -> bool {
    entry.size == file.size && entry.modified == file.modified
}

/// Most source bytes whose local pass waits for resolution: their trees are kept until
/// then.
const MAX_LATER_BYTES: u64 = 1 << 20;

/// How many bytes of Python to parse may still have their local pass put off until
/// resolution (`LaterPass`): a quarter of them, at most `MAX_LATER_BYTES`. Python's value
/// flow keeps one core busy and leaves the other idle for a stretch that grows with the
/// Python code; a quarter of its local pass fits there on every corpus, where other
/// languages' resolution leaves no such stretch (`benches/README.md`).
struct LaterBudget(AtomicU64);

impl LaterBudget {
    fn new(files: &[SourceFile], known: &HashMap<String, FileEntry>, allowed: bool) -> Self {
        let python: u64 = files
            .iter()
            .filter(|f| allowed && f.language.family() == Family::Python)
            .filter(|f| known.get(&f.path).is_none_or(|e| !same_stat(e, f)))
            .map(|f| f.size)
            .sum();
        LaterBudget(AtomicU64::new((python / 4).min(MAX_LATER_BYTES)))
    }

    /// Whether `file`, of `bytes`, has its pass put off (and is counted against the budget).
    fn take(&self, file: &SourceFile, bytes: usize) -> bool {
        file.language.family() == Family::Python
            && self
                .0
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                    left.checked_sub(bytes as u64)
                })
                .is_ok()
    }
}

/// Runs each put-off pass, in parallel, with its file's facts (found among `facts`).
pub(super) fn run_later<'f>(
    pass: &dyn LocalPass,
    later: Vec<(String, Box<LaterPass>)>,
    facts: impl Iterator<Item = &'f FileFacts>,
) -> HashMap<String, LocalBytes> {
    if later.is_empty() {
        return HashMap::new();
    }
    let waiting: HashSet<&str> = later.iter().map(|(path, _)| path.as_str()).collect();
    let by_path: HashMap<&str, &FileFacts> = facts
        .filter(|f| waiting.contains(f.path.as_str()))
        .map(|f| (f.path.as_str(), f))
        .collect();
    later
        .into_par_iter()
        .filter_map(|(path, kept)| {
            let facts = by_path.get(path.as_str())?;
            let bytes = LocalBytes::from(kept.run(pass, facts));
            Some((path, bytes))
        })
        .collect()
}

/// Which run of the local pass over which content a stored result belongs to.
pub(super) fn local_key(pass_key: &[u8; 32], hash: &[u8; 32]) -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    hasher.update(pass_key);
    hasher.update(hash);
    *hasher.finalize().as_bytes()
}

/// Compares each walked file with the cache; reads, hashes and parses only what changed
/// (or what lacks current local-pass results, when a pass is given).
pub(super) fn check_files(
    files: &[SourceFile],
    known: &HashMap<String, FileEntry>,
    pass: Option<(&dyn LocalPass, [u8; 32])>,
    recent: Option<&parse::recent::RecentTrees>,
    progress: &super::Progress,
    may_defer: bool,
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
    crate::process::parser_heap::choose(to_parse);
    let later = LaterBudget::new(files, known, may_defer && pass.is_some());
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
        let parsed = parse::parse_for_engine(
            &file.path,
            file.language,
            &bytes,
            hash,
            pass.map(|(p, _)| p),
            recent,
            later.take(file, bytes.len()),
        );
        let (facts, local) = match parsed {
            Ok(parsed) => parsed,
            Err(reason) => {
                return Check::Skipped(Skipped {
                    path: file.path.clone(),
                    reason,
                });
            }
        };
        if let Some((_, key)) = pass {
            entry.local = local_key(&key, &hash);
        }
        Check::Parsed(entry, Box::new(facts), local)
    };
    // Only what must be read is ordered: nothing, in a no-change run.
    let rest = parse::walk::largest_first(files, (0..files.len()).filter(|&i| checks[i].is_none()));
    progress.files(rest.len());
    let done: Vec<(usize, Check)> = rest
        .into_iter()
        .par_bridge()
        .map(|i| {
            let check = read(&files[i]);
            progress.file_done();
            (i, check)
        })
        .collect();
    for (i, check) in done {
        checks[i] = Some(check);
    }
    release_parser_memory(to_parse);
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

/// What the parsers kept for the next file, and the pages their trees left free, are given
/// back: resolution, not parsing, comes next, and its peak is the run's.
fn release_parser_memory(parsed_bytes: u64) {
    if parsed_bytes >= crate::process::parser_heap::OWN_HEAP_FROM_BYTES {
        rayon::broadcast(|_| {
            parse::flat::release_spare();
            crate::process::parser_heap::release_thread();
        });
        crate::process::parser_heap::release_parser_heap();
    }
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
