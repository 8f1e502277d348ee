//! Folders of pasted-in libraries, told by what most of their files are: where several
//! JavaScript files of one folder are minified or carry a distributed build's banner, the
//! others beside them (`examples/jsm/libs/meshopt_simplifier.module.js`, a library's
//! readable build with only a copyright line) are vendored too.

use std::collections::HashMap;
use std::sync::Arc;

use rustc_hash::FxHashSet;

use crate::detect::local::LocalResults;
use crate::graph::Snapshot;
use crate::lang::Family;

/// Fewest files of a folder that must be vendored by their content.
const MIN_MARKED: usize = 3;

/// Folders whose JavaScript/TypeScript files are mostly vendored by content:
/// at least `MIN_MARKED` of them, and more than half.
pub fn vendored_folders(
    snap: &Snapshot,
    decoded: &HashMap<&str, Arc<LocalResults>>,
) -> FxHashSet<String> {
    let mut counts: HashMap<&str, (usize, usize)> = HashMap::new();
    for file in &snap.files {
        if file.language.family() != Family::Ecma {
            continue;
        }
        let folder = folder_of(&file.path);
        let entry = counts.entry(folder).or_default();
        entry.1 += 1;
        if decoded.get(file.path.as_str()).is_some_and(|r| r.generated) {
            entry.0 += 1;
        }
    }
    counts
        .into_iter()
        .filter(|&(_, (marked, all))| marked >= MIN_MARKED && marked * 2 > all)
        .map(|(folder, _)| folder.to_string())
        .collect()
}

/// Whether `path` is an ECMAScript file directly in one of `folders`.
pub fn in_folder(folders: &FxHashSet<String>, path: &str) -> bool {
    !folders.is_empty()
        && crate::lang::for_path(path).is_some_and(|l| l.family() == Family::Ecma)
        && folders.contains(folder_of(path))
}

fn folder_of(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(dir, _)| dir)
}
