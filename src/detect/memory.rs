//! What the detectors keep between runs in a long-lived session (watch mode, the TUI, the
//! MCP server): per-file data derived from content, reused while the content is unchanged.
//! A one-shot `analyze` starts with an empty one.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap;

use crate::detect::local::{Hit, LocalResults};
use crate::graph::FileInfo;
use crate::parse::LocalBytes;

/// The words of a file (maximal runs of ASCII letters, digits and `_`), each with how many
/// times it occurs.
pub type Words = Arc<FxHashMap<Box<str>, u32>>;

/// A graph detector's last hits, and the digest of what it read to find them.
type Remembered = (u64, Vec<(String, Hit)>);

#[derive(Default)]
pub struct Memory {
    decoded: Mutex<HashMap<String, (LocalBytes, Arc<LocalResults>)>>,
    words: Mutex<HashMap<String, ([u8; 32], Words)>>,
    /// Graph detectors' hits by rule id; `None` in a one-shot run (nothing to reuse).
    hits: Option<Mutex<HashMap<String, Remembered>>>,
}

impl Memory {
    /// A memory for a session that analyses again and again: graph detectors whose inputs
    /// did not change reuse their hits (see `detect::graph::reuse`).
    pub fn session() -> Memory {
        Memory { hits: Some(Mutex::new(HashMap::new())), ..Memory::default() }
    }

    pub fn reuses_hits(&self) -> bool {
        self.hits.is_some()
    }

    /// The hits `rule` found last time, if it read inputs with this digest.
    pub fn hits(&self, rule: &str, digest: u64) -> Option<Vec<(String, Hit)>> {
        let hits = self.hits.as_ref()?.lock().ok()?;
        hits.get(rule).filter(|(d, _)| *d == digest).map(|(_, h)| h.clone())
    }

    pub fn remember_hits(&self, rule: &str, digest: u64, found: &[(String, Hit)]) {
        if let Some(Ok(mut hits)) = self.hits.as_ref().map(|h| h.lock()) {
            hits.insert(rule.to_string(), (digest, found.to_vec()));
        }
    }

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
        let mut counts: FxHashMap<Box<str>, u32> = FxHashMap::default();
        for word in text.split(|b| !(b.is_ascii_alphanumeric() || *b == b'_')).filter(|w| !w.is_empty()) {
            let Ok(word) = std::str::from_utf8(word) else { continue };
            match counts.get_mut(word) {
                Some(count) => *count += 1,
                None => {
                    counts.insert(word.into(), 1);
                }
            }
        }
        let words: Words = Arc::new(counts);
        if let Ok(mut cache) = self.words.lock() {
            cache.insert(file.path.clone(), (file.hash, words.clone()));
        }
        Some(words)
    }
}
