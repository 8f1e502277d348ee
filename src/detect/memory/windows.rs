//! Every file's duplicated-block windows, indexed by hash and kept up to date one file at a
//! time, so that a session finds the repeated windows without counting all of them again.

use std::collections::HashMap;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::detect::local::LocalResults;

/// A window's place: file number (in `WindowIndex::paths`), first line, last line.
type Place = (u32, u32, u32);

/// The places (path, first line, last line) that hold one repeated window.
pub type Repeated = Vec<(Arc<str>, u32, u32)>;

#[derive(Default)]
pub struct WindowIndex {
    /// Per path: its number and the results its windows came from.
    files: HashMap<String, (u32, Arc<LocalResults>)>,
    paths: Vec<Arc<str>>,
    places: FxHashMap<u64, Vec<Place>>,
    /// Hashes with more than one place.
    repeated: FxHashSet<u64>,
}

impl WindowIndex {
    /// Makes the index hold exactly the windows of `files`; returns the places of every
    /// window found in more than one place.
    pub fn update<'a>(
        &mut self,
        files: impl Iterator<Item = (&'a str, &'a Arc<LocalResults>)>,
    ) -> Vec<Repeated> {
        let mut present: FxHashSet<&str> = FxHashSet::default();
        for (path, results) in files {
            present.insert(path);
            match self.files.get(path) {
                Some((_, seen)) if Arc::ptr_eq(seen, results) => {}
                _ => {
                    let number = self.remove(path);
                    self.insert(path, number, results);
                }
            }
        }
        let gone: Vec<String> = self
            .files
            .keys()
            .filter(|p| !present.contains(p.as_str()))
            .cloned()
            .collect();
        for path in gone {
            // The number stays taken: a file coming back gets a new one.
            self.remove(&path);
        }
        self.repeated
            .iter()
            .filter_map(|hash| self.places.get(hash))
            .map(|places| {
                places
                    .iter()
                    .map(|&(file, start, end)| (self.paths[file as usize].clone(), start, end))
                    .collect()
            })
            .collect()
    }

    /// Adds a file's windows, under its old number when it had one.
    fn insert(&mut self, path: &str, number: Option<u32>, results: &Arc<LocalResults>) {
        let file = number.unwrap_or_else(|| {
            self.paths.push(Arc::from(path));
            (self.paths.len() - 1) as u32
        });
        for &(hash, start, end) in &results.windows {
            let places = self.places.entry(hash).or_default();
            places.push((file, start, end));
            if places.len() == 2 {
                self.repeated.insert(hash);
            }
        }
        self.files.insert(path.to_string(), (file, results.clone()));
    }

    /// Drops a file's windows; returns its number.
    fn remove(&mut self, path: &str) -> Option<u32> {
        let (file, results) = self.files.remove(path)?;
        for (hash, _, _) in &results.windows {
            let Some(places) = self.places.get_mut(hash) else {
                continue;
            };
            places.retain(|p| p.0 != file);
            match places.len() {
                0 => {
                    self.places.remove(hash);
                    self.repeated.remove(hash);
                }
                1 => {
                    self.repeated.remove(hash);
                }
                _ => {}
            }
        }
        Some(file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(windows: &[(u64, u32)]) -> Arc<LocalResults> {
        Arc::new(LocalResults {
            windows: windows
                .iter()
                .map(|&(h, line)| (h, line, line + 9))
                .collect(),
            ..LocalResults::default()
        })
    }

    /// Repeated places counted from scratch, sorted, to compare with the index.
    fn counted(files: &[(&str, &Arc<LocalResults>)]) -> Vec<Vec<(String, u32, u32)>> {
        let mut by_hash: HashMap<u64, Vec<(String, u32, u32)>> = HashMap::new();
        for (path, results) in files {
            for &(hash, start, end) in &results.windows {
                by_hash
                    .entry(hash)
                    .or_default()
                    .push(((*path).to_string(), start, end));
            }
        }
        sorted(by_hash.into_values().filter(|p| p.len() > 1).collect())
    }

    fn sorted(mut groups: Vec<Vec<(String, u32, u32)>>) -> Vec<Vec<(String, u32, u32)>> {
        for group in &mut groups {
            group.sort();
        }
        groups.sort();
        groups
    }

    fn indexed(
        index: &mut WindowIndex,
        files: &[(&str, &Arc<LocalResults>)],
    ) -> Vec<Vec<(String, u32, u32)>> {
        let found = index.update(files.iter().map(|(p, r)| (*p, *r)));
        sorted(
            found
                .into_iter()
                .map(|g| {
                    g.into_iter()
                        .map(|(p, s, e)| (p.to_string(), s, e))
                        .collect()
                })
                .collect(),
        )
    }

    #[test]
    fn follows_edits_removals_and_returns_like_a_fresh_count() {
        let a = results(&[(1, 1), (2, 5), (3, 9)]);
        let b = results(&[(1, 20), (4, 30)]);
        let c = results(&[(2, 2), (2, 40)]);
        let b_edited = results(&[(4, 31), (3, 50)]);
        let a_emptied = results(&[]);
        let mut index = WindowIndex::default();
        let steps: Vec<Vec<(&str, &Arc<LocalResults>)>> = vec![
            vec![("a.py", &a), ("b.py", &b)],
            vec![("a.py", &a), ("b.py", &b), ("c.py", &c)],
            vec![("a.py", &a), ("b.py", &b_edited), ("c.py", &c)],
            vec![("b.py", &b_edited), ("c.py", &c)],
            vec![("a.py", &a_emptied), ("b.py", &b_edited), ("c.py", &c)],
            vec![("a.py", &a), ("b.py", &b)],
        ];
        let mut repeats = 0;
        for files in &steps {
            let expected = counted(files);
            repeats += expected.len();
            assert_eq!(indexed(&mut index, files), expected);
        }
        assert!(repeats > 4, "the steps should exercise repeated windows");
    }
}
