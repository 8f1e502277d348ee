//! File-system events for a root, debounced (notify-debouncer-full) and filtered to what can
//! change the analysis: source files of our languages and the project and ignore files —
//! never `.git/`, `.repotoire/` or the folders the walk always skips.

use std::path::Path;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, RecommendedCache, new_debouncer_opt};

use crate::parse::walk::SKIPPED_DIRS;

/// What the watch loop receives.
#[derive(Debug)]
pub enum Message {
    /// Paths (relative to the root) that changed, were created, removed or renamed.
    Paths(Vec<String>),
    /// The watcher reported errors (overflowed queue, removed root…).
    Errors(Vec<String>),
    /// Stop watching (Ctrl+C, or the front end is done).
    Stop,
}

/// Files whose change can change the graph besides sources.
const PROJECT_FILES: &[&str] = &[
    "tsconfig.json",
    "jsconfig.json",
    "Cargo.toml",
    "package.json",
    "repotoire.toml",
    ".gitignore",
    ".ignore",
    ".repotoireignore",
];

pub struct Changes {
    pub receiver: Receiver<Message>,
    /// Sends into the same channel (Ctrl+C handlers, tests).
    pub sender: Sender<Message>,
    _debouncer: notify_debouncer_full::Debouncer<
        notify::RecommendedWatcher,
        notify_debouncer_full::RecommendedCache,
    >,
}

impl Changes {
    /// Starts watching `root` recursively; events arrive `debounce` after the last one of a
    /// burst.
    pub fn watch(root: &Path, debounce: Duration) -> Result<Changes, notify::Error> {
        let (sender, receiver) = channel();
        let forward = sender.clone();
        // Events name absolute paths: compare them with the absolute root (`watch .`).
        let base = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
        // The debouncer checks for quiet paths every tick (a quarter of the window by
        // default): a tenth keeps its own delay small for the price of a few idle wake-ups.
        let tick = (debounce / 10).clamp(Duration::from_millis(5), Duration::from_millis(25));
        // Links are not followed, as in the walk: nothing outside the root is watched.
        let config = notify::Config::default().with_follow_symlinks(false);
        let mut debouncer = new_debouncer_opt::<_, notify::RecommendedWatcher, _>(
            debounce,
            Some(tick),
            move |result: DebounceEventResult| {
                let message = match result {
                    Ok(events) => {
                        let mut paths: Vec<String> = events
                            .iter()
                            // The debouncer's own start-up walk opens files: not a change.
                            .filter(|e| !matches!(e.kind, EventKind::Access(_)))
                            .flat_map(|e| e.paths.iter())
                            .filter_map(|p| relevant(&base, p))
                            .collect();
                        paths.sort();
                        paths.dedup();
                        if paths.is_empty() {
                            return;
                        }
                        Message::Paths(paths)
                    }
                    Err(errors) => {
                        Message::Errors(errors.iter().map(ToString::to_string).collect())
                    }
                };
                let _ = forward.send(message);
            },
            RecommendedCache::new(),
            config,
        )?;
        debouncer.watch(root, RecursiveMode::Recursive)?;
        Ok(Changes {
            receiver,
            sender,
            _debouncer: debouncer,
        })
    }
}

/// `path` relative to `root` if a change there matters.
pub fn relevant(root: &Path, path: &Path) -> Option<String> {
    let relative = path.strip_prefix(root).ok()?;
    let text = relative.to_string_lossy().replace('\\', "/");
    let mut parts = text.split('/');
    let last = text.rsplit('/').next().unwrap_or("");
    if parts.any(|part| SKIPPED_DIRS.contains(&part)) {
        return None;
    }
    let source = crate::lang::for_path(&text).is_some();
    // A path without an extension may be a folder renamed or removed with files in it.
    let maybe_folder = !last.contains('.') && !last.is_empty();
    (source || PROJECT_FILES.contains(&last) || maybe_folder).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_and_project_files_matter_tool_folders_and_temp_files_do_not() {
        let root = Path::new("/r");
        let check = |p: &str| relevant(root, &root.join(p));
        assert_eq!(check("pkg/mod.py").as_deref(), Some("pkg/mod.py"));
        assert_eq!(check("tsconfig.json").as_deref(), Some("tsconfig.json"));
        assert_eq!(check("pkg").as_deref(), Some("pkg"));
        assert_eq!(check(".git/index"), None);
        assert_eq!(check(".repotoire/cache.redb"), None);
        assert_eq!(check("node_modules/x/index.js"), None);
        assert_eq!(check("pkg/.mod.py.swp"), None);
        assert_eq!(check("pkg/mod.py~"), None);
        assert_eq!(check("notes.txt"), None);
    }
}
