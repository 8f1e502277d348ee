//! What the detectors keep between runs in a long-lived session (watch mode, the TUI, the
//! MCP server): per-file data derived from content, reused while the content is unchanged.
//! A one-shot `analyze` starts with an empty one.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashSet;

use crate::detect::local::LocalResults;
use crate::graph::FileInfo;
use crate::parse::LocalBytes;

/// The words of a file: maximal runs of ASCII letters, digits and `_`.
pub type Words = Arc<FxHashSet<Box<str>>>;

#[derive(Default)]
pub struct Memory {
    decoded: Mutex<HashMap<String, (LocalBytes, Arc<LocalResults>)>>,
    words: Mutex<HashMap<String, ([u8; 32], Words)>>,
}

impl Memory {
    /// A file's decoded local results: from memory when these are the same bytes.
    pub fn decoded(&self, path: &str, bytes: &LocalBytes) -> Option<Arc<LocalResults>> {
        if let Ok(decoded) = self.decoded.lock()
            && let Some((seen, results)) = decoded.get(path)
            && Arc::ptr_eq(seen, bytes) {
                return Some(results.clone());
            }
        let results = Arc::new(LocalResults::decode(bytes)?);
        if let Ok(mut decoded) = self.decoded.lock() {
            decoded.insert(path.to_string(), (bytes.clone(), results.clone()));
        }
        Some(results)
    }

    /// A file's words, read from disk only when its content changed since last asked.
    pub fn words(&self, root: &Path, file: &FileInfo) -> Option<Words> {
        if let Ok(words) = self.words.lock()
            && let Some((hash, words)) = words.get(&file.path)
            && *hash == file.hash {
                return Some(words.clone());
            }
        let text = std::fs::read(root.join(&file.path)).ok()?;
        let words: Words = Arc::new(
            text.split(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
                .filter(|w| !w.is_empty())
                .filter_map(|w| std::str::from_utf8(w).ok())
                .map(Box::from)
                .collect(),
        );
        if let Ok(mut cache) = self.words.lock() {
            cache.insert(file.path.clone(), (file.hash, words.clone()));
        }
        Some(words)
    }
}
