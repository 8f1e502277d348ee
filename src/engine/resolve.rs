//! Resolving every file: facts from this refresh, a live engine's memory or the cache,
//! resolved into a new graph while the pool's other worker saves the new facts; then the
//! graph is published and written to the cache in the background.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

use crate::engine::check;
use crate::engine::check::Checked;
use crate::engine::live::Live;
use crate::engine::{Engine, Report, Run};
use crate::graph::Snapshot;
use crate::graph::resolve::Resolver;
use crate::parse::FileFacts;
use crate::store::Update;

impl Engine {
    /// Resolves every file, publishes the graph and saves what changed.
    pub(super) fn resolve_all(
        &self,
        mut run: Run<'_>,
        live: Option<Live>,
        mut checked: Checked,
    ) -> Report {
        let (facts, damaged) = self.every_files_facts(&mut run, live.as_ref(), &mut checked);
        // A cache that failed mid-read is started afresh, so everything goes back into it.
        let save_all = damaged.is_some();
        if let Some(why) = damaged {
            self.recover(&mut run.store, &mut run.report, &why);
        }
        checked.count_languages(&mut run.report);
        run.time("load facts");

        // Facts go to the cache beside resolution; the graph follows in a second
        // transaction (it is keyed by digest, so a run that stops between the two just
        // resolves again next time).
        let removed = std::mem::take(&mut checked.removed);
        let later = std::mem::take(&mut checked.later);
        let fresh: HashSet<&str> = run.report.fresh.iter().map(String::as_str).collect();
        let files = checked.entries_to_save(&fresh, save_all);
        let saved_facts: Vec<&FileFacts> = facts
            .iter()
            .filter(|f| save_all || fresh.contains(f.path.as_str()))
            .map(|f| &**f)
            .collect();
        let keep = self.options.live;
        let pass = self.options.pass.as_deref();
        let store = &mut run.store;
        let fresh_local = &checked.fresh_local;
        // Both halves run on the thread pool: a thread of its own for the save would make
        // three runnable threads on two cores while resolution's parallel phases run.
        let ((snapshot, resolver), (saved, done)) = rayon::join(
            || {
                if keep {
                    let mut resolver = Resolver::build(&facts, &checked.project, &self.root_name);
                    let snapshot = Snapshot::of_resolver(&resolver);
                    resolver.prepare_patches();
                    (snapshot, Some(resolver))
                } else {
                    (
                        Snapshot::build(&facts, &checked.project, &self.root_name),
                        None,
                    )
                }
            },
            || {
                // Resolution is serial for long stretches: the local passes put off run
                // on the core it leaves free, and are saved with the others.
                let done = pass.map_or_else(HashMap::new, |pass| {
                    check::run_later(pass, later, facts.iter().map(|f| &**f))
                });
                let update = Update {
                    files,
                    facts: saved_facts,
                    local: fresh_local
                        .iter()
                        .chain(&done)
                        .map(|(path, bytes)| (path.as_str(), &**bytes))
                        .collect(),
                    removed,
                    graph: None,
                    // The graph's commit follows on another thread and makes this one durable.
                    deferred: true,
                };
                let saved = store.as_mut().map(|store| {
                    let started = Instant::now();
                    let saved = store.save(&update);
                    tracing::debug!(ms = started.elapsed().as_secs_f64() * 1000.0, "facts saved");
                    saved
                });
                drop(update);
                // Then the pass reads its results there too.
                if let Some(pass) = pass {
                    pass.fresh_results(fresh_local);
                    pass.fresh_results(&done);
                }
                (saved, done)
            },
        );
        run.report.passed_later = done.len();
        checked.fresh_local.extend(done);
        run.report
            .warnings
            .extend(snapshot.warnings.iter().cloned());
        run.time("resolve + save facts");
        if let Some(Err(err)) = saved {
            run.report
                .warnings
                .push(format!("cache not updated ({err})"));
        }
        self.publish_resolved(run, live, checked, snapshot, resolver)
    }

    /// Facts for every present file: parsed now, else kept in memory (live), else from the
    /// cache; with why the cache failed, if it did.
    fn every_files_facts(
        &self,
        run: &mut Run<'_>,
        live: Option<&Live>,
        checked: &mut Checked,
    ) -> (Vec<Arc<FileFacts>>, Option<String>) {
        let mut known: Vec<Option<Arc<FileFacts>>> = std::mem::take(&mut checked.parsed)
            .into_iter()
            .map(|p| p.map(Arc::new))
            .collect();
        if let Some(live) = live {
            let memory: HashMap<&str, &Arc<FileFacts>> = live
                .resolver
                .facts()
                .iter()
                .map(|f| (f.path.as_str(), f))
                .collect();
            for &(i, _) in &checked.entries {
                if known[i].is_none()
                    && let Some(facts) = memory.get(checked.path(i))
                {
                    known[i] = Some(Arc::clone(facts));
                }
            }
        }
        self.gather_facts(
            &checked.walk.files,
            &mut checked.entries,
            known,
            run.store.as_ref(),
            &mut checked.fresh_local,
            &mut run.report,
        )
    }

    /// Collects the local results, keeps the live state, publishes the graph and starts
    /// its write to the cache.
    fn publish_resolved(
        &self,
        mut run: Run<'_>,
        live: Option<Live>,
        checked: Checked,
        snapshot: Snapshot,
        resolver: Option<Resolver>,
    ) -> Report {
        let previous_local = live.map(|l| l.local);
        self.collect_local(
            &checked.walk.files,
            &checked.entries,
            checked.fresh_local,
            previous_local.as_ref(),
            run.store.as_ref(),
            &mut run.report,
        );
        if let Some(resolver) = resolver {
            let entries = checked
                .entries
                .iter()
                .map(|(i, e)| (checked.walk.files[*i].path.clone(), *e))
                .collect();
            *run.slot = Some(Live {
                walk: checked.walk,
                project: checked.project,
                entries,
                local: run.report.local.clone(),
                resolver,
            });
        }
        let published = self.snapshot.publish(snapshot);
        if let Some(mut store) = run.store.take() {
            run.report.warnings.append(&mut store.warnings);
            self.write_graph_in_background(store, published, checked.digest);
        }
        run.finish()
    }
}
