//! What the corpus benches share: where the corpora are and which one was asked for.

// Each bench includes this module and uses part of it.
#![allow(dead_code)]

use std::path::PathBuf;

/// `REPOTOIRE_CORPORA`, else `~/.cache/repotoire-corpora` (see `../shared/corpora.sh`).
pub fn corpora_dir() -> PathBuf {
    std::env::var_os("REPOTOIRE_CORPORA")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").unwrap_or_default())
                .join(".cache/repotoire-corpora")
        })
}

/// The corpus named by the first non-flag argument (default django), or a note on stderr
/// saying how to download it.
pub fn wanted_corpus() -> Option<PathBuf> {
    let dir = corpora_dir();
    let wanted = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_else(|| "django".into());
    let found = std::fs::read_dir(&dir).ok().and_then(|entries| {
        entries.filter_map(|e| e.ok().map(|e| e.path())).find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&wanted))
        })
    });
    if found.is_none() {
        eprintln!(
            "no corpus `{wanted}` in {}: run ../shared/corpora.sh {}",
            dir.display(),
            dir.display()
        );
    }
    found
}
