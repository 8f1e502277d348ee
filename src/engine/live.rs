//! A live engine (watch, the MCP server, the workstation) keeps its last walk, every file's
//! entry, facts and local results and the resolver between refreshes: a re-check looks
//! only at the paths a watcher named, and a save is patched into the graph file by file.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

use crate::engine::check::Checked;
use crate::engine::{Engine, GraphUpdate, Report, Run};
use crate::graph::resolve::{Patched, Resolver};
use crate::parse::{self, FileFacts, LocalBytes};
use crate::store::FileEntry;

/// What a live engine keeps between refreshes (see `Options::live`).
pub(super) struct Live {
    /// The last walk, with each file's size and time as last seen.
    pub walk: parse::walk::Walk,
    pub project: Vec<(String, String)>,
    pub entries: HashMap<String, FileEntry>,
    pub local: BTreeMap<String, LocalBytes>,
    /// Holds every file's facts, in the order of the published snapshot's files.
    pub resolver: Resolver,
}

/// More changed files than this in one refresh and the graph is resolved again rather
/// than patched file by file.
const MAX_PATCHED: usize = 16;

impl Engine {
    /// The last walk with the named paths looked at again, when each of them is a source
    /// file the engine knows (edited, or deleted); `None` (walk the tree) for anything else:
    /// a new file, a folder, a project file, an ignore file.
    pub(super) fn rewalk(&self, paths: &[PathBuf], live: &Live) -> Option<parse::walk::Walk> {
        let mut files = live.walk.files.clone();
        let position: HashMap<&str, usize> = live
            .walk
            .files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.path.as_str(), i))
            .collect();
        let mut gone = HashSet::new();
        for path in paths {
            let relative = if path.is_absolute() {
                path.strip_prefix(&self.root).ok()?
            } else {
                path.as_path()
            };
            let relative = relative.to_str()?.replace('\\', "/");
            let &index = position.get(relative.as_str())?;
            match std::fs::metadata(self.root.join(&relative)) {
                Ok(meta) if meta.is_file() => {
                    if meta.len() > self.options.max_file_size {
                        return None;
                    }
                    files[index].size = meta.len();
                    files[index].modified = parse::walk::modified_ns(&meta);
                }
                Ok(_) => return None,
                Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                    gone.insert(index);
                }
                Err(_) => return None,
            }
        }
        let files = files
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !gone.contains(i))
            .map(|(_, f)| f)
            .collect();
        Some(parse::walk::Walk {
            files,
            project_files: live.walk.project_files.clone(),
            skipped: live.walk.skipped.clone(),
        })
    }

    /// A live engine whose files are all still there patches the graph file by file, and
    /// resolves everything only when a patch is refused.
    pub(super) fn patch_or_resolve(
        &self,
        mut run: Run<'_>,
        mut live: Live,
        mut checked: Checked,
    ) -> Report {
        checked.finish_later(self.options.pass.as_deref());
        let defer_flow = self.defer_flow.load(std::sync::atomic::Ordering::Relaxed);
        match patch_files(&mut live.resolver, &mut checked, defer_flow) {
            Ok(patches) => {
                self.publish_patches(&mut run, &live, &patches);
                self.keep_patched(run, live, checked, &patches)
            }
            Err(why) => {
                tracing::debug!("graph resolved again: {why}");
                self.resolve_all(run, Some(live), checked)
            }
        }
    }

    /// After refreshes that left value flow for later (`defer_flow`): solves it for the
    /// whole program and publishes the calls it now answers differently. `None` when no
    /// refresh left it; the report's `settled` names the files whose calls changed.
    pub fn settle_flow(&self) -> Option<Report> {
        // Asked first: starting a run waits for the cache writes and takes their warnings.
        let pending = self
            .live
            .lock()
            .ok()
            .is_some_and(|live| live.as_ref().is_some_and(|l| l.resolver.flow_pending()));
        if !pending {
            return None;
        }
        let mut run = Run::start(&self.root, &self.live);
        let mut live = run.slot.take()?;
        let patches = live.resolver.settle_flow();
        run.time("value flow");
        self.publish_patches(&mut run, &live, &patches);
        let facts = live.resolver.facts();
        run.report.settled = patches
            .iter()
            .filter_map(|p| facts.get(p.file as usize).map(|f| f.path.clone()))
            .collect();
        run.report.local = live.local.clone();
        *run.slot = Some(live);
        Some(run.finish())
    }

    /// Publishes the graph with `patches` applied, onto the spare copy made while the
    /// engine was idle when there is one.
    fn publish_patches(&self, run: &mut Run<'_>, live: &Live, patches: &[Patched]) {
        if patches.is_empty() {
            run.report.graph = GraphUpdate::Reused;
        } else {
            let spare = self
                .spare
                .lock()
                .ok()
                .and_then(|mut s| s.take())
                .and_then(|h| h.join().ok());
            let snapshot = self.snapshot.load().patched(&live.resolver, patches, spare);
            self.snapshot.publish(snapshot);
            run.report.graph = GraphUpdate::Patched;
        }
        run.time("patch graph");
    }

    /// After a patch: the changes go to the cache in the background and into the live
    /// state, which is put back for the next refresh.
    fn keep_patched(
        &self,
        mut run: Run<'_>,
        mut live: Live,
        mut checked: Checked,
        patches: &[Patched],
    ) -> Report {
        let fresh: HashSet<&str> = run.report.fresh.iter().map(String::as_str).collect();
        let files: Vec<(String, FileEntry)> = checked
            .entries_to_save(&fresh, false)
            .into_iter()
            .map(|(path, entry)| (path.to_string(), entry))
            .collect();
        let facts: Vec<Arc<FileFacts>> = patches
            .iter()
            .map(|p| live.resolver.facts()[p.file as usize].clone())
            .collect();
        for (path, bytes) in std::mem::take(&mut checked.fresh_local) {
            live.local.insert(path, bytes);
        }
        let local: Vec<(String, LocalBytes)> = facts
            .iter()
            .filter_map(|f| live.local.get(&f.path).map(|b| (f.path.clone(), b.clone())))
            .collect();
        for (path, entry) in &files {
            live.entries.insert(path.clone(), *entry);
        }
        if let Some(store) = run.store.take() {
            self.save_in_background(store, files, facts, local);
        }
        let report = &mut run.report;
        report.parsed = report.fresh.len();
        report.reused = checked.entries.len() - report.parsed;
        checked.count_languages(report);
        report.local = live.local.clone();
        report.flow_pending = live.resolver.flow_pending();
        live.walk = checked.walk;
        *run.slot = Some(live);
        run.finish()
    }
}

/// Patches each freshly parsed file into the resolver, up to `MAX_PATCHED`. On a refusal
/// the files patched so far keep their new facts and every fresh file's facts are back
/// in `checked.parsed`, ready for a full resolution.
fn patch_files(
    resolver: &mut Resolver,
    checked: &mut Checked,
    defer_flow: bool,
) -> Result<Vec<Patched>, String> {
    let fresh: Vec<usize> = (0..checked.parsed.len())
        .filter(|&i| checked.parsed[i].is_some())
        .collect();
    if fresh.len() > MAX_PATCHED {
        return Err(format!("{} files changed", fresh.len()));
    }
    let position: HashMap<&str, u32> = resolver
        .facts()
        .iter()
        .enumerate()
        .map(|(i, f)| (f.path.as_str(), i as u32))
        .collect();
    let wanted: Vec<(u32, usize)> = fresh
        .iter()
        .filter_map(|&i| position.get(checked.path(i)).map(|&p| (p, i)))
        .collect();
    let mut patches = Vec::new();
    for (file, i) in wanted {
        let Some(facts) = checked.parsed[i].take() else {
            continue;
        };
        let facts = Arc::new(facts);
        match resolver.patch(file, facts.clone(), defer_flow) {
            Ok(patched) => patches.extend(patched),
            Err(why) => {
                checked.parsed[i] = Some(Arc::unwrap_or_clone(facts));
                // Facts patched in before the refusal are current: keep them.
                for &j in &fresh {
                    if checked.parsed[j].is_none()
                        && let Some(f) = resolver.facts().iter().find(|f| f.path == checked.path(j))
                    {
                        checked.parsed[j] = Some((**f).clone());
                    }
                }
                return Err(why);
            }
        }
    }
    Ok(patches)
}
