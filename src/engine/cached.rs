//! Recovering what an earlier run left: each file's facts and local-pass results from a
//! live engine's memory or the cache, and a fresh parse of any the cache cannot give back.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

use rayon::prelude::*;

use crate::engine::check::local_key;
use crate::engine::{Engine, Report};
use crate::parse::{self, FileFacts, LocalBytes, Skipped, SourceFile};
use crate::store::{self, FileEntry, Store};

/// A file the cache could not give back: its index, its facts and local results (or why
/// it was skipped), and whether it had to be parsed again.
type Recovered = (usize, Result<(FileFacts, Option<Vec<u8>>), Skipped>, bool);

impl Engine {
    /// Facts for every present file: fresh ones as parsed, the rest from the cache (parsed
    /// again if the cache cannot give them back).
    pub(super) fn gather_facts(
        &self,
        files: &[SourceFile],
        entries: &mut [(usize, FileEntry)],
        mut out: Vec<Option<Arc<FileFacts>>>,
        store: Option<&Store>,
        fresh_local: &mut HashMap<String, LocalBytes>,
        report: &mut Report,
    ) -> (Vec<Arc<FileFacts>>, Option<String>) {
        let missing: Vec<usize> = entries
            .iter()
            .map(|(i, _)| *i)
            .filter(|&i| out[i].is_none())
            .collect();
        let paths: Vec<&str> = missing.iter().map(|&i| files[i].path.as_str()).collect();
        let mut damaged = None;
        let cached = match store.map(|s| s.facts(&paths)) {
            Some(Ok(cached)) => cached,
            Some(Err(err)) => {
                damaged = Some(err.to_string());
                vec![None; paths.len()]
            }
            None => vec![None; paths.len()],
        };
        let pass = self.options.pass.as_deref();
        let recovered: Vec<Recovered> = missing
            .par_iter()
            .zip(cached.into_par_iter())
            .map(|(&i, bytes)| {
                let file = &files[i];
                let decoded = bytes
                    .as_deref()
                    .and_then(store::decode_facts)
                    .filter(|f| f.language == file.language && f.path == file.path);
                match decoded {
                    Some(facts) => (i, Ok((facts, None)), false),
                    None => (
                        i,
                        parse::parse_file(file, pass).map_err(|reason| Skipped {
                            path: file.path.clone(),
                            reason,
                        }),
                        true,
                    ),
                }
            })
            .collect();
        for (i, result, reparsed) in recovered {
            match result {
                Ok((facts, local)) => {
                    if reparsed {
                        report.fresh.push(facts.path.clone());
                    }
                    if let (Some(local), Some(pass)) = (local, pass)
                        && let Some((_, entry)) = entries.iter_mut().find(|(e, _)| *e == i)
                    {
                        entry.local = local_key(&pass.key(), &entry.hash);
                        fresh_local.insert(facts.path.clone(), LocalBytes::from(local));
                    }
                    out[i] = Some(Arc::new(facts));
                }
                Err(skipped) => report.skipped.push(skipped),
            }
        }
        let out: Vec<Arc<FileFacts>> = out.into_iter().flatten().collect();
        report.parsed = report.fresh.len();
        report.reused = out.len() - report.parsed;
        (out, damaged)
    }

    /// Fills `report.local` for every present file: fresh results, else the cached ones,
    /// else (the cache lost them) a fresh parse.
    pub(super) fn collect_local(
        &self,
        files: &[SourceFile],
        entries: &[(usize, FileEntry)],
        fresh: HashMap<String, LocalBytes>,
        memory: Option<&BTreeMap<String, LocalBytes>>,
        store: Option<&Store>,
        report: &mut Report,
    ) {
        let Some(pass) = self.options.pass.as_deref() else {
            return;
        };
        let mut out: BTreeMap<String, LocalBytes> = fresh.into_iter().collect();
        let wanted: Vec<&SourceFile> = entries.iter().map(|(i, _)| &files[*i]).collect();
        let mut missing: Vec<&str> = Vec::new();
        for file in &wanted {
            if out.contains_key(&file.path) {
                continue;
            }
            match memory.and_then(|m| m.get(&file.path)) {
                Some(bytes) => {
                    out.insert(file.path.clone(), bytes.clone());
                }
                None => missing.push(file.path.as_str()),
            }
        }
        let cached = match store.map(|s| s.local(&missing)) {
            Some(Ok(cached)) => cached,
            Some(Err(err)) => {
                report.warnings.push(format!(
                    "cached findings unreadable ({err}); recomputing them"
                ));
                vec![None; missing.len()]
            }
            None => vec![None; missing.len()],
        };
        let mut lost = Vec::new();
        for (path, bytes) in missing.iter().zip(cached) {
            match bytes {
                Some(bytes) => {
                    out.insert((*path).to_string(), bytes.into());
                }
                None => lost.push(*path),
            }
        }
        let lost: HashSet<&str> = lost.into_iter().collect();
        let recomputed: Vec<(String, Vec<u8>)> = wanted
            .par_iter()
            .filter(|f| lost.contains(f.path.as_str()))
            .filter_map(|f| {
                parse::parse_file(f, Some(pass))
                    .ok()
                    .and_then(|(facts, local)| Some((facts.path, local?)))
            })
            .collect();
        out.extend(
            recomputed
                .into_iter()
                .map(|(p, b)| (p, LocalBytes::from(b))),
        );
        report.local = out;
    }
}
