//! The lists of a taint table as hashed sets: every call and attribute the analysis meets
//! is looked up in several of them, and scanning the lists compared each entry in turn.

use rustc_hash::FxHashMap;
use serde::Deserialize;

/// Names matched whole (`has`).
#[derive(Debug, Default, Deserialize)]
#[serde(from = "Vec<String>")]
pub(super) struct Names {
    set: rustc_hash::FxHashSet<String>,
    /// The longest name's length: a longer item (a callee that is a whole chained
    /// expression, kilobytes in generated-looking code) is not hashed at all.
    longest: usize,
}

impl From<Vec<String>> for Names {
    fn from(list: Vec<String>) -> Self {
        let longest = list.iter().map(String::len).max().unwrap_or(0);
        Names {
            set: list.into_iter().collect(),
            longest,
        }
    }
}

impl Names {
    pub(super) fn has(&self, item: &str) -> bool {
        item.len() <= self.longest && self.set.contains(item)
    }
}

/// Callees matched whole or as a path's tail: `Path::new` matches `std::path::Path::new`,
/// not `MyPath::new`. Each entry keeps its position in the list, so a lookup that several
/// entries answer gives the first of them, as a scan would.
#[derive(Debug, Default, Deserialize)]
#[serde(from = "Vec<String>")]
pub(super) struct Paths {
    map: FxHashMap<String, usize>,
    /// The longest entry's length: only the callee's last this-many bytes can hold a match,
    /// so a lookup costs the same for a callee of any length.
    longest: usize,
}

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
        let longest = map.keys().map(String::len).max().unwrap_or(0);
        Paths { map, longest }
    }

    pub(super) fn has(&self, callee: &str) -> bool {
        self.first(callee).is_some()
    }

    /// The position in the list of the first entry `callee` is or ends in.
    pub(super) fn first(&self, callee: &str) -> Option<usize> {
        if self.map.is_empty() {
            return None;
        }
        let mut best = if callee.len() <= self.longest {
            self.map.get(callee).copied()
        } else {
            None
        };
        // Every tail after a `::` no longer than the longest entry (a scan for the
        // separator: building a substring searcher per callee cost more than the lookups).
        let bytes = callee.as_bytes();
        let from = bytes.len().saturating_sub(self.longest).max(2);
        for at in from..=bytes.len() {
            if bytes[at - 2] == b':'
                && bytes[at - 1] == b':'
                && let Some(tail) = callee.get(at..)
                && let Some(&found) = self.map.get(tail)
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
        let long = format!("{}.x::std::fs::read", "[a, b](c)".repeat(500));
        let long_miss = format!("{}::Path::newer", "q".repeat(4000));
        for callee in [
            long.as_str(),
            long_miss.as_str(),
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
        assert!(!names.has(&"args".repeat(100)));
    }
}
