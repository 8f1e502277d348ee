//! A one-shot refresh's overlapped work: the walk runs while another thread decodes the
//! graph the cache holds (on a tree that did not change the two are most of a run), or,
//! where no cache exists yet, while another thread creates it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::thread::JoinHandle;
use std::time::Instant;

use crate::engine::check::same_stat;
use crate::engine::persist::open_store;
use crate::engine::{Engine, Run};
use crate::graph::Snapshot;
use crate::lang::LangId;
use crate::parse::{self, LocalPass};
use crate::store::{self, FileEntry, Store};

/// What the cache knows about each file, as read.
pub(super) type Known = Result<HashMap<String, FileEntry>, store::Error>;

/// The cached graph as `Engine::walk_guessing` found it.
pub(super) enum Guess {
    /// Not decoded beside the walk: read it from the cache if nothing changed.
    Untried,
    /// None there, called off or undecodable: read it again if nothing changed after all.
    Gone,
    /// Decoded; built from inputs with this digest.
    Built([u8; 32], Box<Snapshot>),
}

/// A cache being created beside the walk, with the warnings of its opening.
pub(super) type Creating = JoinHandle<(Option<Store>, Vec<String>)>;

/// What a refresh's walk found, and what ran beside it.
pub(super) struct Found {
    pub walk: parse::walk::Walk,
    /// What the cache knows about each file, when it was read beside the walk.
    pub known: Option<Known>,
    pub guess: Guess,
    pub creating: Option<Creating>,
}

impl Engine {
    /// A one-shot refresh's walk: beside the decode of the cached graph, or beside the
    /// creation of the cache where none exists yet (a first run has nothing to read from
    /// it). The open cache, if any, goes into `run`.
    pub(super) fn walk_one_shot(&self, run: &mut Run<'_>) -> Found {
        if self.options.use_cache && !store::exists(&self.root) {
            let root = self.root.clone();
            let creating = std::thread::spawn(move || {
                let mut warnings = Vec::new();
                (open_store(&root, &mut warnings), warnings)
            });
            let first = FirstOfEach::new(self.options.pass.as_deref());
            let walk =
                parse::walk::walk_watching(&self.root, self.options.max_file_size, None, &|file| {
                    first.saw(file.language)
                });
            run.time("walk");
            return Found {
                walk,
                known: None,
                guess: Guess::Untried,
                creating: Some(creating),
            };
        }
        run.store = self.open_store(&mut run.report);
        let (walk, known, guess) = self.walk_guessing(run.store.as_ref());
        run.time("walk + load graph");
        Found {
            walk,
            known,
            guess,
            creating: None,
        }
    }

    /// Walks the tree while another thread decodes the graph the cache holds. The decode
    /// is called off as soon as the walk finds a file the cache does not know as it is now
    /// (the graph is then resolved again). Also returns what the cache knows about each
    /// file.
    fn walk_guessing(&self, store: Option<&Store>) -> (parse::walk::Walk, Option<Known>, Guess) {
        let stop = &AtomicBool::new(false);
        let started = Instant::now();
        // Without a cache every file is parsed: the pass may ready itself beside the walk.
        let first = FirstOfEach::new(self.options.pass.as_deref().filter(|_| store.is_none()));
        std::thread::scope(|scope| {
            let decoding = store.map(|s| {
                scope.spawn(move || {
                    let graph = s.any_graph(|bytes| Snapshot::decode_unless(bytes, stop));
                    tracing::debug!(
                        ms = started.elapsed().as_secs_f64() * 1000.0,
                        "graph decoded beside the walk"
                    );
                    graph
                })
            });
            let known = store.map(Store::files);
            let cached = known.as_ref().and_then(|k| k.as_ref().ok());
            // Called off at the first file the cache does not know as it is. Only a guess
            // about whether the cached graph will do: the digest decides.
            let walk = parse::walk::walk_watching(
                &self.root,
                self.options.max_file_size,
                cached.map(HashMap::len),
                &|file| {
                    first.saw(file.language);
                    let same = cached
                        .and_then(|known| known.get(&file.path))
                        .is_some_and(|entry| same_stat(entry, file));
                    if !same {
                        stop.store(true, Ordering::Relaxed);
                    }
                },
            );
            tracing::debug!(ms = started.elapsed().as_secs_f64() * 1000.0, "walked");
            // Every file found was shown to the check above; what is left is a file the
            // cache knows that the walk no longer found.
            if cached.is_none_or(|known| known.len() != walk.files.len()) {
                stop.store(true, Ordering::Relaxed);
            }
            let guess = match decoding.map(|handle| handle.join()) {
                Some(Ok(Ok(Some((built_from, snapshot))))) => {
                    Guess::Built(built_from, Box::new(snapshot))
                }
                Some(_) => Guess::Gone,
                None => Guess::Untried,
            };
            (walk, known, guess)
        })
    }
}

impl Guess {
    /// The last graph, if it is still the graph: nothing changed (`may_reuse`) and it was
    /// built from inputs with `digest`. A graph decoded for nothing is freed on another
    /// thread.
    pub fn reusable(
        self,
        may_reuse: bool,
        digest: &[u8; 32],
        store: Option<&Store>,
    ) -> Option<Snapshot> {
        match self {
            Guess::Built(built_from, snapshot) if may_reuse && built_from == *digest => {
                Some(*snapshot)
            }
            Guess::Built(_, snapshot) => {
                std::thread::spawn(move || drop(snapshot));
                None
            }
            Guess::Untried | Guess::Gone if may_reuse => {
                store.and_then(|s| s.graph(digest, Snapshot::decode).ok().flatten())
            }
            Guess::Untried | Guess::Gone => None,
        }
    }
}

/// Waits for a cache created beside the walk and puts it into `run`.
pub(super) fn join_created(run: &mut Run<'_>, creating: Creating) {
    let (created, mut warnings) = creating.join().unwrap_or_else(|_| {
        (
            None,
            vec!["cache unavailable (opening it failed); analysing without it".into()],
        )
    });
    run.report.warnings.append(&mut warnings);
    run.store = created;
    run.report.cache_used = run.store.is_some();
}

/// Tells a pass of the first file of each language the walk finds (`LocalPass::saw`), from
/// any walker thread.
struct FirstOfEach<'p> {
    pass: Option<&'p dyn LocalPass>,
    /// One bit per `LangId`.
    seen: AtomicU32,
}

impl<'p> FirstOfEach<'p> {
    fn new(pass: Option<&'p dyn LocalPass>) -> FirstOfEach<'p> {
        FirstOfEach {
            pass,
            seen: AtomicU32::new(0),
        }
    }

    fn saw(&self, language: LangId) {
        let Some(pass) = self.pass else {
            return;
        };
        let bit = 1u32 << (language as u32);
        if self.seen.fetch_or(bit, Ordering::Relaxed) & bit == 0 {
            pass.saw(language);
        }
    }
}
