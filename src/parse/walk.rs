//! Finding the files to analyse: `.gitignore`, `.ignore` and `.repotoireignore` are
//! honoured (inside or outside a git repository), and the folders every ecosystem fills
//! with generated or vendored code are skipped.

use std::path::{Path, PathBuf};

use ignore::WalkBuilder;

use crate::lang::{self, LangId};
use crate::parse::paths::relative;

/// Folders skipped wherever they appear.
pub const SKIPPED_DIRS: &[&str] = &[
    "node_modules",
    "target",
    ".venv",
    "venv",
    "dist",
    "build",
    "__pycache__",
    ".repotoire",
    ".git",
];

/// Files that are not source but that resolution reads (crate names, path aliases).
pub const PROJECT_FILES: &[&str] = &[
    "Cargo.toml",
    "tsconfig.json",
    "jsconfig.json",
    "package.json",
];

#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Relative to the root, `/`-separated.
    pub path: String,
    pub abs: PathBuf,
    pub language: LangId,
    pub size: u64,
    /// Modification time, nanoseconds since the epoch (0 if unknown).
    pub modified: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum SkipReason {
    TooLarge {
        size: u64,
        limit: u64,
    },
    Binary,
    Unreadable(String),
    SymlinkLoop,
    /// A symbolic link: never followed, so nothing outside the root is read.
    Symlink,
    /// Nested deeper than `parse::guard` lets tree-sitter see (`what`: brackets, or
    /// Python's indentation levels).
    TooDeep {
        what: &'static str,
        depth: u32,
        limit: u32,
    },
    /// Nested below the depth limit, but so often that the file as a whole costs as much
    /// (`parse::guard`: every opening bracket counted at its depth).
    TooNested {
        area: u64,
        limit: u64,
    },
    /// Its parse ran past `parse::PARSE_TIME_LIMIT` and was called off.
    TooSlow {
        limit_ms: u64,
    },
}

impl SkipReason {
    /// Whether the skip deserves a warning: the file looks like source someone wrote, unlike
    /// a binary, oversized or unreadable one.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            SkipReason::TooDeep { .. } | SkipReason::TooNested { .. } | SkipReason::TooSlow { .. }
        )
    }

    /// A short label for grouping in stats.
    pub fn label(&self) -> &'static str {
        match self {
            SkipReason::TooLarge { .. } => "too large",
            SkipReason::Binary => "binary",
            SkipReason::Unreadable(_) => "unreadable",
            SkipReason::SymlinkLoop => "symlink loop",
            SkipReason::Symlink => "symbolic link",
            SkipReason::TooDeep { .. } | SkipReason::TooNested { .. } => "too deeply nested",
            SkipReason::TooSlow { .. } => "too slow to parse",
        }
    }
}

impl std::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SkipReason::TooLarge { size, limit } => {
                write!(f, "too large ({size} bytes, limit {limit})")
            }
            SkipReason::Binary => write!(f, "binary content"),
            SkipReason::Unreadable(why) => write!(f, "unreadable: {why}"),
            SkipReason::SymlinkLoop => write!(f, "symlink loop"),
            SkipReason::Symlink => write!(f, "symbolic link, not followed"),
            SkipReason::TooDeep { what, depth, limit } => {
                write!(f, "{depth} {what} deep, over the limit of {limit}")
            }
            SkipReason::TooSlow { limit_ms } => {
                write!(f, "parsing ran past {limit_ms} ms and was called off")
            }
            SkipReason::TooNested { area, limit } => write!(
                f,
                "its brackets' depths add up to {area}, over the limit of {limit}"
            ),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Skipped {
    pub path: String,
    pub reason: SkipReason,
}

#[derive(Debug, Default)]
pub struct Walk {
    pub files: Vec<SourceFile>,
    /// Relative paths of `PROJECT_FILES` found.
    pub project_files: Vec<String>,
    pub skipped: Vec<Skipped>,
}

/// Lists the source files under `root`, sorted by path. Large trees are walked in parallel
/// (their directory reads and `stat`s are a visible share of a no-change run), small ones
/// on one thread (see `SERIAL_BELOW`).
pub fn walk(root: &Path, max_file_size: u64) -> Walk {
    walk_watching(root, max_file_size, None, &|_| {})
}

/// The indices `among` of `files`, largest first: the order to parse them in on the pool,
/// each worker taking the next as it frees up (`par_bridge`), so that no large file is left
/// to parse at the end while the other core idles (it matters on trees with a few large
/// files; `benches/corpus.rs`, cold serde).
pub fn largest_first(files: &[SourceFile], among: impl IntoIterator<Item = usize>) -> Vec<usize> {
    let mut order: Vec<usize> = among.into_iter().collect();
    order.sort_by_key(|&i| std::cmp::Reverse(files[i].size));
    order
}

/// Below this many files, one walker thread is done sooner than several: `ignore`'s
/// parallel walk lets a worker that runs out of folders sleep a millisecond at a time, and
/// the walk ends only when it wakes. On a small tree that wait was a large share of a
/// no-change run, while a tree of thousands of folders walks faster in parallel
/// (`benches/corpus.rs`, no-change flask against django).
const SERIAL_BELOW: usize = 1000;

/// With no count to go by, a tree is walked on one thread until it shows more folders than
/// this, and then walked again in parallel (the false start is a small part of a large
/// tree's cold run).
const SERIAL_FOLDERS: usize = 300;

/// `walk`, showing `seen` each source file as it is found (from any walker thread, in no
/// particular order; a file may be shown twice). `expected`: how many source files the
/// tree held when last seen, if known.
pub fn walk_watching(
    root: &Path,
    max_file_size: u64,
    expected: Option<usize>,
    seen: &(dyn Fn(&SourceFile) + Sync),
) -> Walk {
    let parallel = || walk_on(root, max_file_size, 0, None, seen).unwrap_or_default();
    match expected {
        Some(files) if files < SERIAL_BELOW => {
            walk_on(root, max_file_size, 1, None, seen).unwrap_or_default()
        }
        Some(_) => parallel(),
        None => {
            walk_on(root, max_file_size, 1, Some(SERIAL_FOLDERS), seen).unwrap_or_else(parallel)
        }
    }
}

/// Git's global ignore file, looked for once per process, if it exists.
fn global_excludes() -> Option<&'static Path> {
    static GLOBAL: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    GLOBAL
        .get_or_init(|| super::git_excludes::path().filter(|p| p.is_file()))
        .as_deref()
}

/// Walks on `threads` walker threads (0: one per core); `None` if the tree showed more
/// than `folders` folders, where the walk stopped.
fn walk_on(
    root: &Path,
    max_file_size: u64,
    threads: usize,
    folders: Option<usize>,
    seen: &(dyn Fn(&SourceFile) + Sync),
) -> Option<Walk> {
    let collected = std::sync::Mutex::new(Walk::default());
    let found_folders = std::sync::atomic::AtomicUsize::new(0);
    let over = std::sync::atomic::AtomicBool::new(false);
    let mut builder = WalkBuilder::new(root);
    builder
        .threads(threads)
        // As git and ripgrep: a link may lead anywhere, and a code index must not read
        // outside the folder it was given.
        .follow_links(false)
        .require_git(false)
        // Found by `git_excludes` instead (see there), and added below as `ignore` would.
        .git_global(false)
        .add_custom_ignore_filename(".repotoireignore")
        .filter_entry(|entry| {
            let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
            !(is_dir && entry.depth() > 0 && SKIPPED_DIRS.iter().any(|d| entry.file_name() == *d))
        });
    if let Some(global) = global_excludes() {
        // A partly unreadable file still gives the rules it could read, as in git.
        let _ = builder.add_ignore(global);
    }
    let walker = builder.build_parallel();
    walker.run(|| {
        let mut batch = Batch {
            collected: &collected,
            local: Walk::default(),
        };
        let (found_folders, over) = (&found_folders, &over);
        Box::new(move |result| {
            if let (Some(limit), Ok(entry)) = (folders, &result)
                && entry.file_type().is_some_and(|t| t.is_dir())
                && found_folders.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= limit
            {
                over.store(true, std::sync::atomic::Ordering::Relaxed);
                return ignore::WalkState::Quit;
            }
            let before = batch.local.files.len();
            visit(root, result, max_file_size, &mut batch.local);
            if let Some(file) = batch.local.files.get(before) {
                seen(file);
            }
            if batch.local.files.len() >= 256 {
                batch.flush();
            }
            ignore::WalkState::Continue
        })
    });
    if over.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut out = collected
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    out.files.sort_by(|a, b| a.path.cmp(&b.path));
    out.project_files.sort();
    out.skipped.sort();
    Some(out)
}

/// `tsconfig.base.json` and the like, which other tsconfigs `extends`.
fn is_tsconfig_variant(file_name: &str) -> bool {
    file_name.starts_with("tsconfig.") && file_name.ends_with(".json")
}

/// One walker thread's findings, handed over in batches and when the thread ends.
struct Batch<'a> {
    collected: &'a std::sync::Mutex<Walk>,
    local: Walk,
}

impl Batch<'_> {
    fn flush(&mut self) {
        let mut all = self
            .collected
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        all.files.append(&mut self.local.files);
        all.skipped.append(&mut self.local.skipped);
        all.project_files.append(&mut self.local.project_files);
    }
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

fn visit(
    root: &Path,
    result: Result<ignore::DirEntry, ignore::Error>,
    max_file_size: u64,
    out: &mut Walk,
) {
    let entry = match result {
        Ok(entry) => entry,
        Err(err) => {
            out.skipped.push(skipped_from_walk_error(root, &err));
            return;
        }
    };
    if entry.path_is_symlink() && entry.depth() > 0 {
        out.skipped.push(Skipped {
            path: relative(root, entry.path()),
            reason: SkipReason::Symlink,
        });
        return;
    }
    if !entry.file_type().is_some_and(|t| t.is_file()) {
        return;
    }
    let path = relative(root, entry.path());
    let file_name = entry.file_name().to_string_lossy();
    if PROJECT_FILES.iter().any(|p| *p == file_name) || is_tsconfig_variant(&file_name) {
        out.project_files.push(path.clone());
    }
    let Some(language) = lang::for_path(&path) else {
        return;
    };
    let meta = match entry.metadata() {
        Ok(meta) => meta,
        Err(err) => {
            out.skipped.push(Skipped {
                path,
                reason: SkipReason::Unreadable(err.to_string()),
            });
            return;
        }
    };
    let size = meta.len();
    if size > max_file_size {
        out.skipped.push(Skipped {
            path,
            reason: SkipReason::TooLarge {
                size,
                limit: max_file_size,
            },
        });
        return;
    }
    let modified = modified_ns(&meta);
    out.files.push(SourceFile {
        path,
        abs: entry.into_path(),
        language,
        size,
        modified,
    });
}

/// Modification time in nanoseconds since the epoch, 0 if unknown (as `SourceFile` holds it).
pub fn modified_ns(meta: &std::fs::Metadata) -> u64 {
    meta.modified()
        .ok()
        .and_then(|m| m.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as u64)
}

fn skipped_from_walk_error(root: &Path, err: &ignore::Error) -> Skipped {
    let mut inner = err;
    let mut path = None;
    loop {
        match inner {
            ignore::Error::WithPath { path: p, err } => {
                path = Some(p.clone());
                inner = err;
            }
            ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
                inner = err
            }
            ignore::Error::Loop { child, .. } => {
                return Skipped {
                    path: relative(root, child),
                    reason: SkipReason::SymlinkLoop,
                };
            }
            _ => break,
        }
    }
    Skipped {
        path: path.map(|p| relative(root, &p)).unwrap_or_default(),
        reason: SkipReason::Unreadable(inner.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_first_orders_every_file_by_size() {
        let file = |size| SourceFile {
            path: String::new(),
            abs: PathBuf::new(),
            language: LangId::Python,
            size,
            modified: 0,
        };
        let files = [file(5), file(900), file(0), file(40), file(900)];
        let order = largest_first(&files, 0..files.len());
        assert_eq!(
            order.iter().map(|&i| files[i].size).collect::<Vec<_>>(),
            [900, 900, 40, 5, 0]
        );
        let mut all = order.clone();
        all.sort_unstable();
        assert_eq!(all, [0, 1, 2, 3, 4]);
    }

    /// A tree with more folders than the single-thread budget is walked again in parallel
    /// and still lists every file once; every way of walking lists the same files.
    #[test]
    fn every_walk_lists_the_same_files() {
        let dir = tempfile::tempdir().expect("temp dir");
        for i in 0..SERIAL_FOLDERS + 20 {
            let folder = dir.path().join(format!("pkg{i:03}"));
            std::fs::create_dir(&folder).expect("folder");
            std::fs::write(folder.join("m.py"), "x = 1\n").expect("file");
        }
        let paths = |walk: Walk| walk.files.into_iter().map(|f| f.path).collect::<Vec<_>>();
        let budgeted = walk_on(dir.path(), 1 << 20, 1, Some(SERIAL_FOLDERS), &|_| {});
        assert!(budgeted.is_none(), "the budget should have been exceeded");
        let unknown = paths(walk(dir.path(), 1 << 20));
        assert_eq!(unknown.len(), SERIAL_FOLDERS + 20);
        assert_eq!(
            paths(walk_watching(dir.path(), 1 << 20, Some(10), &|_| {})),
            unknown
        );
        assert_eq!(
            paths(walk_watching(
                dir.path(),
                1 << 20,
                Some(SERIAL_BELOW),
                &|_| {}
            )),
            unknown
        );
        let small = walk_on(
            dir.path().join("pkg000").as_path(),
            1 << 20,
            1,
            Some(SERIAL_FOLDERS),
            &|_| {},
        );
        assert_eq!(small.map(paths), Some(vec!["m.py".to_string()]));
    }
}
