//! Blocks of code repeated with only names and literals changed (token-normalised line
//! windows from the local pass, compared across all files).

use std::collections::HashMap;

use rustc_hash::FxHashMap;

use crate::detect::graph::{GraphCtx, hit};
use crate::detect::local::Hit;
use crate::detect::rule::Rule;

/// A file and its windows: (hash, first line, last line).
type FileWindows<'a> = (&'a str, &'a [(u64, u32, u32)]);

/// First line, last line, and one other place (file, line) holding the same code.
type Range<'a> = (u32, u32, (&'a str, u32));

pub fn run(ctx: &GraphCtx<'_>, rule: &Rule, limit: Option<f64>) -> Vec<(String, Hit)> {
    let min_lines = limit.unwrap_or(10.0) as u32;
    let kept = crate::detect::local::windows::compared;
    let indexed = ctx.memory.repeated_windows(
        ctx.local
            .iter()
            .filter(|(path, _)| kept(path))
            .map(|(path, results)| (*path, results)),
    );
    let mut by_hash: Vec<Vec<(&str, u32, u32)>> = match &indexed {
        Some(repeated) => repeated
            .iter()
            .map(|places| {
                places
                    .iter()
                    .map(|(path, start, end)| (&**path, *start, *end))
                    .collect()
            })
            .collect(),
        None => count_repeated(
            ctx.local
                .iter()
                .filter(|(path, _)| kept(path))
                .map(|(path, results)| (*path, results.windows.as_slice()))
                .collect(),
        ),
    };
    // Per file: line ranges that repeat elsewhere, with one other place for the message.
    let mut ranges: HashMap<&str, Vec<Range<'_>>> = HashMap::new();
    for places in &mut by_hash {
        if places.len() < 2 || places.len() > 20 {
            continue;
        }
        // Files arrive in hash-map order: sort so the place named in the message (the first
        // other copy) is the same on every run — it is part of the finding's fingerprint.
        places.sort_unstable();
        for &(path, start, end) in places.iter() {
            let overlaps =
                |other: &(&str, u32, u32)| other.0 == path && other.1 <= end && start <= other.2;
            let Some(other) = places.iter().find(|other| !overlaps(other)) else {
                continue;
            };
            ranges
                .entry(path)
                .or_default()
                .push((start, end, (other.0, other.1)));
        }
    }
    let mut out = Vec::new();
    for (path, mut list) in ranges {
        list.sort_unstable();
        let mut merged: Vec<Range<'_>> = Vec::new();
        for range in list {
            match merged.last_mut() {
                Some(last) if range.0 <= last.1 + 1 => last.1 = last.1.max(range.1),
                _ => merged.push(range),
            }
        }
        for (start, end, (other, other_line)) in merged {
            let lines = end - start + 1;
            if lines >= min_lines {
                out.push((path.to_string(), hit(rule, start, end, format!("{lines} lines duplicated (names and literals aside) in {other}:{other_line}"))));
            }
        }
    }
    out
}

/// The places of each window found in more than one place, counted afresh.
fn count_repeated(files: Vec<FileWindows<'_>>) -> Vec<Vec<(&str, u32, u32)>> {
    // Most windows occur once: count first, and keep places only for the repeated ones.
    let mut seen: FxHashMap<u64, u32> = FxHashMap::default();
    for (_, windows) in &files {
        for (hash, _, _) in *windows {
            *seen.entry(*hash).or_default() += 1;
        }
    }
    let mut by_hash: FxHashMap<u64, Vec<(&str, u32, u32)>> = FxHashMap::default();
    for (path, windows) in &files {
        for (hash, start, end) in *windows {
            if seen.get(hash).is_some_and(|&n| (2..=20).contains(&n)) {
                by_hash.entry(*hash).or_default().push((path, *start, *end));
            }
        }
    }
    by_hash.into_values().collect()
}
