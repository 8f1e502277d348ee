//! The cache: opening it (or going on without it), starting it afresh when a read fails,
//! and the writes that go on in the background after a refresh returned (`store::pending`
//! holds them until they are settled).

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use crate::engine::{Engine, Report};
use crate::graph::Snapshot;
use crate::parse::{FileFacts, LocalBytes};
use crate::store::{FileEntry, GraphBytes, Store, Update};

/// The cache of `root`, or `None` with a warning saying why it cannot be used.
pub(super) fn open_store(root: &Path, warnings: &mut Vec<String>) -> Option<Store> {
    match Store::open(root) {
        Ok(store) => Some(store),
        Err(err) => {
            warnings.push(format!("cache unavailable ({err}); analysing without it"));
            None
        }
    }
}

impl Engine {
    pub(super) fn open_store(&self, report: &mut Report) -> Option<Store> {
        if !self.options.use_cache {
            return None;
        }
        open_store(&self.root, &mut report.warnings)
    }

    /// A read from the cache failed: say so once, start it afresh, carry on.
    pub(super) fn recover(&self, store: &mut Option<Store>, report: &mut Report, why: &str) {
        if let Some(s) = store.as_mut()
            && let Err(err) = s.reset(why)
        {
            report
                .warnings
                .push(format!("cache unavailable ({err}); analysing without it"));
            *store = None;
        }
    }

    /// A patched refresh's changes go to the cache on another thread (the graph itself is
    /// not written: the next cold run resolves from the cached facts).
    pub(super) fn save_in_background(
        &self,
        mut store: Store,
        files: Vec<(String, FileEntry)>,
        facts: Vec<Arc<FileFacts>>,
        local: Vec<(String, LocalBytes)>,
    ) {
        crate::store::pending::spawn(&self.root, move || {
            let update = Update {
                files: files.iter().map(|(p, e)| (p.as_str(), *e)).collect(),
                facts: facts.iter().map(|f| &**f).collect(),
                local: local.iter().map(|(p, b)| (p.as_str(), &**b)).collect(),
                removed: Vec::new(),
                graph: None,
                deferred: false,
            };
            let mut warnings = Vec::new();
            if let Err(err) = store.save(&update) {
                warnings.push(format!("cache not updated ({err})"));
            }
            warnings.append(&mut store.warnings);
            warnings
        });
    }

    /// Writing the graph to the cache only matters to the next run: it goes on in the
    /// background while the caller uses the snapshot (the detectors, a report). Its commit
    /// also makes the facts' deferred commit durable.
    pub(super) fn write_graph_in_background(
        &self,
        mut store: Store,
        published: Arc<Snapshot>,
        digest: [u8; 32],
    ) {
        crate::store::pending::spawn(&self.root, move || {
            let mut warnings = Vec::new();
            let started = Instant::now();
            match published.encoder() {
                Ok(encoder) => {
                    let encoded = started.elapsed();
                    let write = |out: &mut [u8]| encoder.write(out).map_err(|e| e.to_string());
                    let update = Update {
                        graph: Some(GraphBytes {
                            digest,
                            len: encoder.len(),
                            write: &write,
                        }),
                        ..Update::default()
                    };
                    if let Err(err) = store.save(&update) {
                        warnings.push(format!("graph not cached ({err})"));
                    }
                    tracing::debug!(
                        bytes = encoder.len(),
                        size_ms = encoded.as_secs_f64() * 1000.0,
                        write_ms = (started.elapsed() - encoded).as_secs_f64() * 1000.0,
                        "graph cached"
                    );
                }
                Err(err) => warnings.push(format!("graph not cached ({err})")),
            }
            warnings.append(&mut store.warnings);
            warnings
        });
    }
}
