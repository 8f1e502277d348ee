//! The lists of a taint table as hashed sets: every call and attribute the analysis meets
//! is looked up in several of them, and scanning the lists compared each entry in turn.

use rustc_hash::FxHashMap;
use serde::Deserialize;

/// Names matched whole (`has`).
#[derive(Debug, Default, Deserialize)]
#[serde(from = "Vec<String>")]
pub(super) struct Names(rustc_hash::FxHashSet<String>);

impl From<Vec<String>> for Names {
    fn from(list: Vec<String>) -> Self {
        Names(list.into_iter().collect())
    }
}

impl Names {
    pub(super) fn has(&self, item: &str) -> bool {
        self.0.contains(item)
    }
}

/// Callees matched whole or as a path's tail: `Path::new` matches `std::path::Path::new`,
/// not `MyPath::new`. Each entry keeps its position in the list, so a lookup that several
/// entries answer gives the first of them, as a scan would.
#[derive(Debug, Default, Deserialize)]
#[serde(from = "Vec<String>")]
pub(super) struct Paths(FxHashMap<String, usize>);

impl From<Vec<String>> for Paths {
    fn from(list: Vec<String>) -> Self {
        Paths::indexed(list.into_iter().enumerate().map(|(at, entry)| (entry, at)))
    }
}

impl Paths {
    /// Entries given with their positions (`first` answers with the least).
    pub(super) fn indexed(entries: impl IntoIterator<Item = (String, usize)>) -> Paths {
        let mut map: FxHashMap<String, usize> = FxHashMap::default();
        for (entry, at) in entries {
            let slot = map.entry(entry).or_insert(at);
            *slot = (*slot).min(at);
        }
        Paths(map)
    }

    pub(super) fn has(&self, callee: &str) -> bool {
        self.first(callee).is_some()
    }

    /// The position in the list of the first entry `callee` is or ends in.
    pub(super) fn first(&self, callee: &str) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let mut best = self.0.get(callee).copied();
        // Every tail after a `::` (a scan for the separator: building a substring
        // searcher per callee cost more than the lookups).
        let bytes = callee.as_bytes();
        for at in 2..=bytes.len() {
            if bytes[at - 2] == b':'
                && bytes[at - 1] == b':'
                && let Some(tail) = callee.get(at..)
                && let Some(&found) = self.0.get(tail)
            {
                best = Some(best.map_or(found, |b| b.min(found)));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the tables scanned before: an entry equal to the callee or ending it after `::`.
    fn scanned(list: &[String], callee: &str) -> Option<usize> {
        list.iter().position(|s| {
            callee
                .strip_suffix(s.as_str())
                .is_some_and(|head| head.is_empty() || head.ends_with("::"))
        })
    }

    #[test]
    fn paths_answer_as_a_scan_of_the_list_does() {
        let list: Vec<String> = [
            "Path::new",
            "new",
            "std::fs::read",
            "read",
            "os.path.join",
            "join",
            "a::b",
            "b",
        ]
        .map(String::from)
        .to_vec();
        let paths = Paths::from(list.clone());
        for callee in [
            "Path::new",
            "std::path::Path::new",
            "MyPath::new",
            "new",
            "x::new",
            "std::fs::read",
            "fs::read",
            "read_to_string",
            "os.path.join",
            "path.join",
            "join",
            "a::b",
            "x::a::b",
            "xa::b",
            "",
            "::",
            "::b",
            "a::::b",
        ] {
            assert_eq!(paths.first(callee), scanned(&list, callee), "{callee:?}");
        }
    }

    #[test]
    fn names_match_whole_names_only() {
        let names = Names::from(vec!["args".to_string(), "form".to_string()]);
        assert!(names.has("args"));
        assert!(!names.has("arg"));
        assert!(!names.has("request.args"));
    }
}
