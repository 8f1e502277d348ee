//! What the detectors keep between runs in a long-lived session (watch mode, the TUI, the
//! MCP server): per-file data derived from content, reused while the content is unchanged.
//! A one-shot `analyze` starts with an empty one.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

mod windows;

use crate::detect::local::{Hit, LocalResults};
use crate::graph::FileInfo;
use crate::lang::Family;
use crate::parse::LocalBytes;

/// The words of a file (maximal runs of ASCII letters, digits and `_`), each with how many
/// times it occurs.
pub type Words = Arc<FxHashMap<Box<str>, u32>>;

/// A graph detector's last hits, the file-local findings it withdrew (file, line), and
/// the digest of what it read to find them.
type Remembered = (u64, Vec<(String, Hit)>, Vec<(String, u32)>);

/// What a graph detector found: its hits and the file-local findings it withdrew.
pub type Found = (Vec<(String, Hit)>, Vec<(String, u32)>);

#[derive(Default)]
pub struct Memory {
    decoded: Mutex<HashMap<String, (LocalBytes, Arc<LocalResults>)>>,
    words: Mutex<WordIndex>,
    windows: Mutex<windows::WindowIndex>,
    /// Each file's share of the taint digest, by the decoded results it was computed from.
    taint: Mutex<HashMap<String, (Arc<LocalResults>, u64)>>,
    /// Graph detectors' hits by rule id; `None` in a one-shot run (nothing to reuse).
    hits: Option<Mutex<HashMap<String, Remembered>>>,
}

impl Memory {
    /// A memory for a session that analyses again and again: graph detectors whose inputs
    /// did not change reuse their hits (see `detect::graph::reuse`).
    pub fn session() -> Memory {
        Memory {
            hits: Some(Mutex::new(HashMap::new())),
            ..Memory::default()
        }
    }

    pub fn reuses_hits(&self) -> bool {
        self.hits.is_some()
    }

    /// The hits `rule` found last time, if it read inputs with this digest.
    pub fn hits(&self, rule: &str, digest: u64) -> Option<Found> {
        let hits = self.hits.as_ref()?.lock().ok()?;
        hits.get(rule)
            .filter(|(d, _, _)| *d == digest)
            .map(|(_, h, w)| (h.clone(), w.clone()))
    }

    pub fn remember_hits(&self, rule: &str, digest: u64, found: Found) {
        if let Some(Ok(mut hits)) = self.hits.as_ref().map(|h| h.lock()) {
            hits.insert(rule.to_string(), (digest, found.0, found.1));
        }
    }

    /// A file's decoded local results: from memory when these are the same bytes.
    pub fn decoded(&self, path: &str, bytes: &LocalBytes) -> Option<Arc<LocalResults>> {
        if let Ok(decoded) = self.decoded.lock()
            && let Some((seen, results)) = decoded.get(path)
            && Arc::ptr_eq(seen, bytes)
        {
            return Some(results.clone());
        }
        let results = Arc::new(LocalResults::decode(bytes)?);
        if let Ok(mut decoded) = self.decoded.lock() {
            decoded.insert(path.to_string(), (bytes.clone(), results.clone()));
        }
        Some(results)
    }

    /// The places of every duplicated-block window found more than once among `files`,
    /// from an index kept between runs (only files whose results changed are re-read).
    /// `None` in a one-shot run, where counting once is cheaper than indexing.
    pub fn repeated_windows<'a>(
        &self,
        files: impl Iterator<Item = (&'a str, &'a Arc<LocalResults>)>,
    ) -> Option<Vec<windows::Repeated>> {
        if !self.reuses_hits() {
            return None;
        }
        Some(self.windows.lock().ok()?.update(files))
    }

    /// The sum over files of `digest(path, results)`, computed again only for results not
    /// seen last time (the same `Arc` from `decoded` means the same bytes).
    pub fn taint_digest(
        &self,
        local: &HashMap<&str, Arc<LocalResults>>,
        digest: impl Fn(&str, &LocalResults) -> u64,
    ) -> u64 {
        let Ok(mut known) = self.taint.lock() else {
            return local.iter().fold(0u64, |sum, (path, results)| {
                sum.wrapping_add(digest(path, results))
            });
        };
        known.retain(|path, _| local.contains_key(path.as_str()));
        let mut sum = 0u64;
        for (path, results) in local {
            let part = match known.get(*path) {
                Some((seen, part)) if Arc::ptr_eq(seen, results) => *part,
                _ => {
                    let part = digest(path, results);
                    known.insert((*path).to_string(), (results.clone(), part));
                    part
                }
            };
            sum = sum.wrapping_add(part);
        }
        sum
    }

    /// A file's words, read from disk only when its content changed since last asked.
    pub fn words(&self, root: &Path, file: &FileInfo) -> Option<Words> {
        if let Ok(index) = self.words.lock()
            && let Some((hash, _, words)) = index.files.get(&file.path)
            && *hash == file.hash
        {
            return Some(words.clone());
        }
        let words = read_words(root, file)?;
        if let Ok(mut index) = self.words.lock() {
            index.insert(file, words.clone());
        }
        Some(words)
    }

    /// Makes the word index hold exactly `files` among the files of `families`: reads the
    /// new and changed ones (in parallel), forgets the ones gone.
    pub fn index_words(&self, root: &Path, files: &[&FileInfo], families: &HashSet<Family>) {
        let stale: Vec<&FileInfo> = match self.words.lock() {
            Ok(index) => files
                .iter()
                .filter(|f| {
                    index
                        .files
                        .get(&f.path)
                        .is_none_or(|(h, _, _)| *h != f.hash)
                })
                .copied()
                .collect(),
            Err(_) => return,
        };
        let read: Vec<(&FileInfo, Words)> = stale
            .par_iter()
            .filter_map(|f| read_words(root, f).map(|w| (*f, w)))
            .collect();
        let Ok(mut index) = self.words.lock() else {
            return;
        };
        if index.spread.is_none() {
            let mut spread: HashMap<(Family, Box<str>), u32> = HashMap::new();
            for (_, family, words) in index.files.values() {
                for word in words.keys() {
                    *spread.entry((*family, word.clone())).or_default() += 1;
                }
            }
            index.spread = Some(spread);
        }
        for (file, words) in read {
            index.insert(file, words);
        }
        let present: HashSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
        let gone: Vec<String> = index
            .files
            .iter()
            .filter(|(path, (_, family, _))| {
                families.contains(family) && !present.contains(path.as_str())
            })
            .map(|(path, _)| path.clone())
            .collect();
        for path in gone {
            index.remove(&path);
        }
    }

    /// How many indexed files of `family` hold `word`.
    pub fn spread(&self, family: Family, word: &str) -> u32 {
        self.words
            .lock()
            .ok()
            .and_then(|index| {
                index
                    .spread
                    .as_ref()?
                    .get(&(family, Box::from(word)))
                    .copied()
            })
            .unwrap_or(0)
    }
}

/// Every file's words, and for each word how many files of a language family hold it.
#[derive(Default)]
struct WordIndex {
    files: HashMap<String, ([u8; 32], Family, Words)>,
    /// Kept only once a session asks for it (`index_words`): a one-shot run never pays.
    spread: Option<HashMap<(Family, Box<str>), u32>>,
}

impl WordIndex {
    fn insert(&mut self, file: &FileInfo, words: Words) {
        self.remove(&file.path);
        let family = file.language.family();
        if let Some(spread) = self.spread.as_mut() {
            for word in words.keys() {
                *spread.entry((family, word.clone())).or_default() += 1;
            }
        }
        self.files
            .insert(file.path.clone(), (file.hash, family, words));
    }

    fn remove(&mut self, path: &str) {
        let Some((_, family, words)) = self.files.remove(path) else {
            return;
        };
        let Some(spread) = self.spread.as_mut() else {
            return;
        };
        for word in words.keys() {
            let key = (family, word.clone());
            if let Some(count) = spread.get_mut(&key) {
                *count -= 1;
                if *count == 0 {
                    spread.remove(&key);
                }
            }
        }
    }
}

fn read_words(root: &Path, file: &FileInfo) -> Option<Words> {
    let text = std::fs::read(crate::parse::paths::absolute(root, &file.path)).ok()?;
    let mut counts: FxHashMap<Box<str>, u32> = FxHashMap::default();
    for word in text
        .split(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
        .filter(|w| !w.is_empty())
    {
        let Ok(word) = std::str::from_utf8(word) else {
            continue;
        };
        match counts.get_mut(word) {
            Some(count) => *count += 1,
            None => {
                counts.insert(word.into(), 1);
            }
        }
    }
    Some(Arc::new(counts))
}
